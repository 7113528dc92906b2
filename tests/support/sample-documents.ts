/**
 * Small real documents of each type the portal accepts as attachments (checked by content,
 * not only by name): tests upload these instead of text with a document's name.
 */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

const OLE_HEADER = Buffer.from('D0CF11E0A1B11AE1', 'hex');

/** A one-page PDF showing `text`, with a correct cross-reference table (uploads are parsed, not sniffed). */
export function samplePdf(text = 'purchase order'): Buffer {
  const content = `BT /F1 12 Tf 72 720 Td (${text.replace(/[()\\]/g, '\\$&')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = Buffer.byteLength(pdf, 'latin1');
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * The container of .doc and .xls files (OLE compound file, [MS-CFB] version 3): a header naming
 * one FAT sector (sector 0) and the directory (sector 1), and those two sectors.
 */
export function sampleOleDocument(): Buffer {
  const header = Buffer.alloc(512, 0);
  OLE_HEADER.copy(header, 0);
  header.writeUInt16LE(0x3e, 24); // minor version
  header.writeUInt16LE(3, 26); // major version 3: 512-byte sectors
  header.writeUInt16LE(0xfffe, 28); // byte order
  header.writeUInt16LE(9, 30); // sector shift
  header.writeUInt16LE(6, 32); // mini sector shift
  header.writeUInt32LE(1, 44); // FAT sectors
  header.writeUInt32LE(1, 48); // first directory sector
  header.writeUInt32LE(0x1000, 56); // mini stream cutoff
  header.writeUInt32LE(0xfffffffe, 60); // no mini FAT
  header.writeUInt32LE(0xfffffffe, 68); // no DIFAT sectors
  header.fill(0xff, 76, 512); // DIFAT entries: free ...
  header.writeUInt32LE(0, 76); // ... but the first, the FAT in sector 0
  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // sector 0: FAT
  fat.writeUInt32LE(0xfffffffe, 4); // sector 1: directory, end of chain
  const directory = Buffer.alloc(512, 0);
  return Buffer.concat([header, fat, directory]);
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
