import { crc32 } from 'node:zlib';
import PDFKit from 'pdfkit';
import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { sampleDocuments, samplePdf } from '../../tests/support/sample-documents';
import { isWellFormed } from './file-structure';

const pdfkitPdf = (): Promise<Buffer> =>
  new Promise((done) => {
    const document = new PDFKit();
    const parts: Buffer[] = [];
    document.on('data', (part: Buffer) => parts.push(part));
    document.on('end', () => done(Buffer.concat(parts)));
    document.text('Invoice');
    document.end();
  });

/** A PNG chunk with its length and CRC. */
function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])));
  return Buffer.concat([head, body, crc]);
}

/** A baseline JPEG's segments (the entropy-coded data is not decoded, only delimited). */
function sampleJpeg(): Buffer {
  const segment = (marker: number, body: number[]) => Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    segment(0xdb, [0x00, ...Array<number>(64).fill(1)]),
    segment(0xc0, [8, 0, 2, 0, 3, 1, 1, 0x11, 0]),
    segment(0xc4, [0x00, 1, ...Array<number>(15).fill(0), 0]),
    segment(0xda, [1, 1, 0, 0, 63, 0]),
    Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');

describe('upload structure checks', () => {
  it('accepts real documents of every accepted kind', async () => {
    const samples = await sampleDocuments();
    expect(await isWellFormed('pdf', samples.pdf)).toBe(true);
    expect(await isWellFormed('pdf', await pdfkitPdf())).toBe(true);
    const library = await PDFDocument.create();
    library.addPage();
    expect(await isWellFormed('pdf', await library.save())).toBe(true);
    expect(await isWellFormed('pdf', await library.save({ useObjectStreams: false }))).toBe(true);
    expect(await isWellFormed('docx', samples.docx)).toBe(true);
    expect(await isWellFormed('xlsx', samples.xlsx)).toBe(true);
    expect(await isWellFormed('cfb', samples.doc)).toBe(true);
  });

  it('refuses a PDF header followed by HTML, HTML between or after the objects, and a PDF without pages', async () => {
    const real = samplePdf();
    expect(await isWellFormed('pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), HTML]))).toBe(false);
    // A polyglot: HTML, then a complete PDF that pdf-lib alone would read.
    expect(await isWellFormed('pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), HTML, real.subarray(9)]))).toBe(false);
    const text = real.toString('latin1');
    const between = text.indexOf('2 0 obj');
    expect(await isWellFormed('pdf', Buffer.from(text.slice(0, between) + HTML.toString() + '\n' + text.slice(between), 'latin1'))).toBe(false);
    expect(await isWellFormed('pdf', Buffer.concat([real, HTML]))).toBe(false);
    expect(await isWellFormed('pdf', Buffer.from('%PDF-1.4\n% purchase order\n%%EOF\n'))).toBe(false);
    expect(await isWellFormed('pdf', real.subarray(0, real.length - 80))).toBe(false);
  });

  it('refuses damaged Office files', async () => {
    const samples = await sampleDocuments();
    const broken = Buffer.from(samples.xlsx);
    broken.fill(0x41, 200, 400);
    expect(await isWellFormed('xlsx', broken)).toBe(false);
    expect(await isWellFormed('docx', samples.xlsx)).toBe(false);
    expect(await isWellFormed('cfb', Buffer.concat([samples.doc.subarray(0, 8), Buffer.alloc(1016)]))).toBe(false);
    expect(await isWellFormed('cfb', samples.doc.subarray(0, 600))).toBe(false);
  });

  it('decodes a PNG (chunk CRCs, header, pixel data) and refuses a corrupt one', async () => {
    const png = await QRCode.toBuffer('https://portal.example/');
    expect(await isWellFormed('png', png)).toBe(true);
    const badCrc = Buffer.from(png);
    badCrc[30] ^= 0xff; // inside IHDR: its CRC no longer matches
    expect(await isWellFormed('png', badCrc)).toBe(false);
    expect(await isWellFormed('png', png.subarray(0, png.length - 12))).toBe(false); // no IEND
    expect(await isWellFormed('png', Buffer.concat([png, HTML]))).toBe(false);
    // Valid chunks whose pixel data is not what the header promises.
    const header = Buffer.alloc(13);
    header.writeUInt32BE(4000, 0);
    header.writeUInt32BE(4000, 4);
    header[8] = 8;
    header[9] = 6;
    const lying = Buffer.concat([png.subarray(0, 8), chunk('IHDR', header), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), chunk('IEND', Buffer.alloc(0))]);
    expect(await isWellFormed('png', lying)).toBe(false);
    expect(await isWellFormed('png', Buffer.concat([png.subarray(0, 8), HTML]))).toBe(false);
  });

  it('walks a JPEG marker by marker and refuses garbage', async () => {
    const jpeg = sampleJpeg();
    expect(await isWellFormed('jpg', jpeg)).toBe(true);
    expect(await isWellFormed('jpg', jpeg.subarray(0, jpeg.length - 2))).toBe(false); // no EOI
    expect(await isWellFormed('jpg', Buffer.concat([jpeg, HTML]))).toBe(false);
    expect(await isWellFormed('jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), HTML]))).toBe(false);
    const noSize = Buffer.from(jpeg);
    noSize.writeUInt16BE(0, noSize.indexOf(Buffer.from([0xff, 0xc0])) + 5);
    expect(await isWellFormed('jpg', noSize)).toBe(false);
  });

  it('accepts no kind it has no check for', async () => {
    expect(await isWellFormed('html', HTML)).toBe(false);
    expect(await isWellFormed('constructor', HTML)).toBe(false);
  });
});
