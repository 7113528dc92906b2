/**
 * One check for every upload: the content must be, by its whole structure, the kind its magic
 * bytes claim (file-type's names). A kind without a structure check here is not accepted.
 */
import { isJpeg, isPng } from './image-structure';
import { isCompoundFile, isOpenXml } from './office-structure';
import { isPdf } from './pdf-structure';

const CHECKS: Record<string, (content: Uint8Array) => boolean | Promise<boolean>> = {
  pdf: isPdf,
  docx: (content) => isOpenXml(content, 'docx'),
  xlsx: (content) => isOpenXml(content, 'xlsx'),
  cfb: isCompoundFile,
  png: isPng,
  jpg: isJpeg,
};

export async function isWellFormed(kind: string, content: Uint8Array): Promise<boolean> {
  const check = Object.hasOwn(CHECKS, kind) ? CHECKS[kind] : undefined;
  return check ? check(content) : false;
}
