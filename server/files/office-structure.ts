/**
 * Whether bytes are the Office document they claim by structure: an Office Open XML file (docx,
 * xlsx) is a zip archive that opens and holds its content types and main part; an old Office
 * file (doc, xls) is an OLE compound file whose header is consistent with its size.
 */
import JSZip from 'jszip';

/** The part each Open XML kind cannot do without, beside [Content_Types].xml. */
const MAIN_PART = { docx: 'word/document.xml', xlsx: 'xl/workbook.xml' } as const;

/** How much of a part is inflated to see what it is: never the whole (a zip bomb inflates to gigabytes). */
const HEAD_BYTES = 4096;

function headOf(file: JSZip.JSZipObject): Promise<string> {
  return new Promise((resolve, reject) => {
    const stream = file.nodeStream('nodebuffer');
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(chunks).toString('utf8', 0, Math.min(size, HEAD_BYTES)));
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size < HEAD_BYTES) return;
      // A paused stream stops pulling: JSZip stops inflating once its small buffer is full.
      stream.pause();
      stream.removeAllListeners('data');
      done();
    });
    stream.on('end', done);
    stream.on('error', reject);
  });
}

export async function isOpenXml(content: Uint8Array, kind: keyof typeof MAIN_PART): Promise<boolean> {
  try {
    // The central directory must read; no entry is inflated beyond its first bytes.
    const zip = await JSZip.loadAsync(content);
    const types = zip.file('[Content_Types].xml');
    const main = zip.file(MAIN_PART[kind]);
    if (!types || !main) return false;
    const [typesXml, mainXml] = [await headOf(types), await headOf(main)];
    return /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?<([\w-]+:)?Types[\s>]/.test(typesXml) && /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?<[\w:-]+[\s>/]/.test(mainXml);
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
