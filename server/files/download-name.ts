/** A download's file name as spec §5 wants it: non-word/hyphen characters become "_", at most 200 characters. */
export function downloadFileName(base: string, extension: string): string {
  const stem = base.replace(/[^\w-]/g, '_').slice(0, 200 - extension.length - 1);
  return `${stem}.${extension}`;
}
