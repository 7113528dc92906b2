/**
 * Small real documents of each type the portal accepts as attachments (checked by content,
 * not only by name): tests upload these instead of text with a document's name.
 */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

const OLE_HEADER = Buffer.from('D0CF11E0A1B11AE1', 'hex');

export function samplePdf(text = 'purchase order'): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
}

/** The container of .doc and .xls files (OLE compound file): header and an empty sector. */
export function sampleOleDocument(): Buffer {
  return Buffer.concat([OLE_HEADER, Buffer.alloc(1016)]);
}

export async function sampleXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Budget').addRow(['Item', 'Amount']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function sampleDocx(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file('word/document.xml', '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>');
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** One real file per accepted extension. */
export async function sampleDocuments(): Promise<Record<'pdf' | 'doc' | 'docx' | 'xls' | 'xlsx', Buffer>> {
  return { pdf: samplePdf(), doc: sampleOleDocument(), docx: await sampleDocx(), xls: sampleOleDocument(), xlsx: await sampleXlsx() };
}
