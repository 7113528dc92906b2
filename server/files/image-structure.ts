/**
 * Whether bytes are the image they claim by structure, not by their signature alone: a PNG's
 * chunks carry valid CRCs, start with a sane IHDR and end with IEND, and its pixel data inflates
 * to exactly the size the header promises; a JPEG is a sequence of well-formed marker segments
 * with a frame of non-zero size and a scan, ending in EOI.
 */
import { crc32, inflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from('89504E470D0A1A0A', 'hex');
/** Widest or tallest image accepted. */
const MAX_SIDE = 16_384;
/** Most pixel data inflated (8000 x 4000 RGBA): a small file could otherwise inflate to gigabytes. */
const MAX_DECODED_BYTES = 128 * 1024 * 1024;
/** Samples per pixel by PNG colour type. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const BIT_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/** Bytes of the filtered image data of a non-interlaced PNG, or of all seven Adam7 passes. */
function pngDataSize(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rows = (w: number, h: number) => (w === 0 || h === 0 ? 0 : h * (1 + Math.ceil((w * bitsPerPixel) / 8)));
  if (!interlaced) return rows(width, height);
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ];
  return passes.reduce((sum, [x, y, dx, dy]) => sum + rows(Math.ceil((width - x) / dx), Math.ceil((height - y) / dy)), 0);
}

export function isPng(content: Uint8Array): boolean {
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  if (bytes.length < 8 + 25 + 12 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let position = 8;
  let header: { width: number; height: number; bitsPerPixel: number; interlaced: boolean } | undefined;
  const data: Buffer[] = [];
  while (position + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(position);
    const type = bytes.toString('latin1', position + 4, position + 8);
    const end = position + 12 + length;
    if (length > 0x7fffffff || end > bytes.length || !/^[A-Za-z]{4}$/.test(type)) return false;
    if (crc32(bytes.subarray(position + 4, position + 8 + length)) !== bytes.readUInt32BE(position + 8 + length)) return false;
    const body = bytes.subarray(position + 8, position + 8 + length);
    if (!header) {
      if (type !== 'IHDR' || length !== 13) return false;
      const [width, height] = [body.readUInt32BE(0), body.readUInt32BE(4)];
      const [depth, colour, compression, filter, interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) return false;
      if (!BIT_DEPTHS[colour]?.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) return false;
      header = { width, height, bitsPerPixel: depth * CHANNELS[colour], interlaced: interlace === 1 };
    } else if (type === 'IDAT') {
      data.push(body);
    } else if (type === 'IEND') {
      if (end !== bytes.length || data.length === 0) return false;
      const expected = pngDataSize(header.width, header.height, header.bitsPerPixel, header.interlaced);
      if (expected > MAX_DECODED_BYTES) return false;
      try {
        // maxOutputLength: more data than the header promises is refused while inflating.
        return inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1 }).length === expected;
      } catch {
        return false;
      }
    }
    position = end;
  }
  return false;
}

/** Markers without a length: TEM, RSTn. SOI and EOI are handled by the walk. */
const STANDALONE = new Set([0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7]);
/** Start-of-frame markers (baseline, progressive, lossless, arithmetic): not DHT (C4), JPG (C8), DAC (CC). */
const FRAMES = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

export function isJpeg(content: Uint8Array): boolean {
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return false;
  let position = 2;
  let framed = false;
  let scanned = false;
  while (position + 1 < bytes.length) {
    if (bytes[position] !== 0xff) return false;
    const marker = bytes[position + 1];
    if (marker === 0xff) {
      position += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return framed && scanned && bytes.subarray(position + 2).every((byte) => byte === 0);
    if (STANDALONE.has(marker)) {
      position += 2;
      continue;
    }
    if (marker === 0x00 || marker === 0xd8 || position + 4 > bytes.length) return false;
    const length = bytes.readUInt16BE(position + 2);
    if (length < 2 || position + 2 + length > bytes.length) return false;
    if (FRAMES.has(marker)) {
      if (framed || length < 8) return false;
      const [height, width, components] = [bytes.readUInt16BE(position + 5), bytes.readUInt16BE(position + 7), bytes[position + 9]];
      if (width < 1 || height < 1 || components < 1 || components > 4 || length !== 8 + 3 * components) return false;
      framed = true;
    }
    position += 2 + length;
    if (marker === 0xda) {
      if (!framed) return false;
      scanned = true;
      // Entropy-coded data: 0xFF is followed by 0x00 (a stuffed byte) or a restart marker inside it.
      while (position + 1 < bytes.length && !(bytes[position] === 0xff && bytes[position + 1] !== 0x00 && (bytes[position + 1] < 0xd0 || bytes[position + 1] > 0xd7))) {
        position += 1;
      }
    }
  }
  return false;
}
