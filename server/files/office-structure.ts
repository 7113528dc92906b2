/**
 * Whether bytes are the Office document they claim by structure: an Office Open XML file (docx,
 * xlsx) is a zip archive that opens and holds its content types and main part; an old Office
 * file (doc, xls) is an OLE compound file whose header is consistent with its size.
 */
import JSZip from 'jszip';

/** The part each Open XML kind cannot do without, beside [Content_Types].xml. */
const MAIN_PART = { docx: 'word/document.xml', xlsx: 'xl/workbook.xml' } as const;

export async function isOpenXml(content: Uint8Array, kind: keyof typeof MAIN_PART): Promise<boolean> {
  try {
    // checkCRC32: a damaged entry fails here, not in the hands of whoever downloads it.
    const zip = await JSZip.loadAsync(content, { checkCRC32: true });
    const types = zip.file('[Content_Types].xml');
    const main = zip.file(MAIN_PART[kind]);
    if (!types || !main) return false;
    const [typesXml, mainXml] = await Promise.all([types.async('string'), main.async('string')]);
    return typesXml.includes('<Types') && /^\s*(<\?xml[^>]*\?>\s*)?</.test(mainXml);
  } catch {
    return false;
  }
}

const OLE_MAGIC = Buffer.from('D0CF11E0A1B11AE1', 'hex');

/** [MS-CFB] 2.2: version 3 has 512-byte sectors, version 4 4096; mini sectors are 64 bytes. */
export function isCompoundFile(content: Uint8Array): boolean {
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  if (bytes.length < 512 || !bytes.subarray(0, 8).equals(OLE_MAGIC)) return false;
  const major = bytes.readUInt16LE(26);
  const sectorShift = bytes.readUInt16LE(30);
  if (bytes.readUInt16LE(28) !== 0xfffe || bytes.readUInt16LE(32) !== 6) return false;
  if (!((major === 3 && sectorShift === 9) || (major === 4 && sectorShift === 12))) return false;
  const sectorSize = 1 << sectorShift;
  // The header fills the first sector; the sectors numbered from 0 follow it.
  const sectors = Math.ceil((bytes.length - sectorSize) / sectorSize);
  const fatSectors = bytes.readUInt32LE(44);
  const firstDirectory = bytes.readUInt32LE(48);
  // At least one FAT sector and the directory inside the file; the FAT can address every sector.
  return fatSectors >= 1 && fatSectors <= sectors && firstDirectory < sectors && fatSectors * (sectorSize / 4) >= sectors;
}
