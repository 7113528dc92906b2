import { fileTypeFromBuffer } from 'file-type';
import type { Queryable } from '../db/db';
import { isWellFormed } from '../files/file-structure';

/** The MIME type of an Excel workbook, as stored and as downloaded. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Office and PDF documents: the file types orders and custom charges accept (spec §5). */
const DOCUMENT_TYPES: Record<string, string> = {
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: XLSX_CONTENT_TYPE,
  pdf: 'application/pdf',
};

/** The MIME type of an accepted document, or undefined when the extension is not doc, docx, xls, xlsx or pdf. */
export function documentContentType(fileName: string): string | undefined {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return extension ? DOCUMENT_TYPES[extension] : undefined;
}

/** What the content of each accepted extension really is (file-type's names; old Office files are OLE containers). */
const CONTENT_KINDS: Record<string, readonly string[]> = {
  doc: ['cfb'],
  xls: ['cfb'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  pdf: ['pdf'],
};

/**
 * The MIME type of an accepted document, checked by name AND by content: the magic bytes say
 * what it claims to be (a file of zeros named `a.pdf`, or an executable named `a.docx`, is not a
 * document), then its whole structure must be that (a "%PDF-" header followed by HTML is not a PDF).
 */
export async function acceptedDocumentType(fileName: string, content: Uint8Array): Promise<string | undefined> {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  const contentType = documentContentType(fileName);
  if (!extension || !contentType) return undefined;
  const detected = await fileTypeFromBuffer(content);
  if (!detected || !CONTENT_KINDS[extension]?.includes(detected.ext)) return undefined;
  return (await isWellFormed(detected.ext, content)) ? contentType : undefined;
}

export interface StoredFile {
  id: number;
  fileName: string;
  contentType: string;
  size: number;
}

export async function saveFile(tx: Queryable, file: { fileName: string; contentType: string; content: Buffer; createdBy: number }): Promise<StoredFile> {
  const row = await tx.one<{ id: number }>(
    'INSERT INTO stored_files (file_name, content_type, size, content, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [file.fileName, file.contentType, file.content.length, file.content, file.createdBy],
  );
  return { id: row!.id, fileName: file.fileName, contentType: file.contentType, size: file.content.length };
}

export async function loadFile(db: Queryable, id: number): Promise<(StoredFile & { content: Buffer }) | undefined> {
  const row = await db.one<{ id: number; file_name: string; content_type: string; size: number; content: Uint8Array }>(
    'SELECT id, file_name, content_type, size, content FROM stored_files WHERE id = $1',
    [id],
  );
  return row && { id: row.id, fileName: row.file_name, contentType: row.content_type, size: row.size, content: Buffer.from(row.content) };
}
