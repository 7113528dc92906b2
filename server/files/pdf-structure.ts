/**
 * Whether bytes are a PDF by structure, not only by their first five bytes: "%PDF-" followed by HTML
 * passes a magic-byte check, and pdf-lib alone skips junk between objects. So the top level is
 * walked (header, objects, cross-reference, trailer, %%EOF: nothing else between them), then pdf-lib
 * must find a catalog with at least one page.
 */
import { PDFDocument } from 'pdf-lib';

const HEADER = /^%PDF-[12]\.\d[\r\n]/;
const OBJECT_START = /^\d{1,10}[ \t\r\n\f\0]+\d{1,5}[ \t\r\n\f\0]+obj\b/;
/** A stream's data starts after the keyword and one end of line (ISO 32000 7.3.8.1). */
const STREAM_KEYWORD = />>[ \t\r\n\f\0]*stream(\r\n|\n)/;
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0c, 0x0d, 0x00]);
/**
 * More top-level objects than a real upload holds (real PDFs of 10 MB hold thousands; big ones keep
 * most objects in object streams). pdf-lib spends about 20 µs per object: 10 MB of tiny objects
 * (320,000) took it 7 s of CPU.
 */
const MAX_OBJECTS = 100_000;

function lineEnd(text: string, at: number): number {
  let position = at;
  while (position < text.length && text[position] !== '\n' && text[position] !== '\r') position += 1;
  return position;
}

/** Skips white space and comments from `at`; the position of the next token. */
function skipBlank(text: string, at: number): number {
  let position = at;
  while (position < text.length) {
    if (WHITESPACE.has(text.charCodeAt(position))) position += 1;
    else if (text[position] === '%' && !text.startsWith('%%EOF', position)) {
      position = lineEnd(text, position);
    } else break;
  }
  return position;
}

/** The end of the object starting at `at` (just after "endobj"), jumping over stream data; -1 when it has none. */
function objectEnd(text: string, at: number): number {
  let position = at;
  for (;;) {
    const end = text.indexOf('endobj', position);
    if (end < 0) return -1;
    // Only this object's text is searched for a stream: the walk stays linear in the file's size.
    const stream = STREAM_KEYWORD.exec(text.slice(position, end));
    if (!stream) return end + 'endobj'.length;
    const dataEnd = text.indexOf('endstream', position + stream.index + stream[0].length);
    if (dataEnd < 0) return -1;
    position = dataEnd + 'endstream'.length;
  }
}

/** Header, then only objects, xref tables, trailers, startxref and %%EOF (updates may append more). */
function topLevelIsPdf(text: string): boolean {
  if (!HEADER.test(text)) return false;
  let position = skipBlank(text, lineEnd(text, 0));
  let objects = 0;
  let sawEnd = false;
  while (position < text.length) {
    const rest = text.slice(position, position + 40);
    if (OBJECT_START.test(rest)) {
      const end = objectEnd(text, position);
      if (end < 0 || ++objects > MAX_OBJECTS) return false;
      position = end;
    } else if (rest.startsWith('xref') || rest.startsWith('trailer')) {
      // The table and the trailer dictionary run up to startxref.
      const next = text.indexOf('startxref', position);
      if (next < 0) return false;
      position = next;
    } else if (rest.startsWith('startxref')) {
      const offset = /^startxref[ \t\r\n\f\0]+\d+/.exec(rest);
      if (!offset) return false;
      position += offset[0].length;
    } else if (rest.startsWith('%%EOF')) {
      position += '%%EOF'.length;
      sawEnd = true;
    } else {
      return false;
    }
    position = skipBlank(text, position);
  }
  return objects > 0 && sawEnd;
}

export async function isPdf(content: Uint8Array): Promise<boolean> {
  // latin1 maps each byte to one character, so positions in the text are byte offsets.
  if (!topLevelIsPdf(Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('latin1'))) return false;
  try {
    // throwOnInvalidObject: a broken object refuses the file (pdf-lib would otherwise skip it, with a
    // console warning per object). The default parse speed yields to the event loop every 100 objects.
    const document = await PDFDocument.load(content, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
    return document.getPageCount() > 0;
  } catch {
    return false;
  }
}
