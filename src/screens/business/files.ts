import { downloadFileResult } from '../../../renderers/grids/download';

/** A file the user picked, as the base64 text the service API takes. */
export function readFileAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/** Spec §5: order files and attachments are doc, docx, xls, xlsx or pdf. */
export const DOCUMENT_EXTENSIONS = ['doc', 'docx', 'xls', 'xlsx', 'pdf'] as const;
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export function isDocumentFile(name: string): boolean {
  const extension = name.split('.').pop()?.toLowerCase();
  return name.includes('.') && (DOCUMENT_EXTENSIONS as readonly string[]).includes(extension ?? '');
}

/** Hands a FileResult of the service API ({ FileName, ContentType, Content }) to the browser as a download. */
export const saveFileResult = (result: unknown, fallbackName: string) => downloadFileResult(result, fallbackName);
