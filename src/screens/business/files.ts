import { downloadFileResult } from '../../../renderers/grids/download';

export { readFileAsBase64 } from '../../../renderers/grids/download';

/** Spec §5: order files and attachments are doc, docx, xls, xlsx or pdf. */
export const DOCUMENT_EXTENSIONS = ['doc', 'docx', 'xls', 'xlsx', 'pdf'] as const;
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export function isDocumentFile(name: string): boolean {
  const extension = name.split('.').pop()?.toLowerCase();
  return name.includes('.') && (DOCUMENT_EXTENSIONS as readonly string[]).includes(extension ?? '');
}

/** Hands a FileResult of the service API ({ FileName, ContentType, Content }) to the browser as a download. */
export const saveFileResult = (result: unknown, fallbackName: string) => downloadFileResult(result, fallbackName);
