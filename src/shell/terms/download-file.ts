/** Spec §5: non-word/hyphen characters become "_", at most 200 characters (extension included). */
export function downloadFileName(base: string, extension: string): string {
  const stem = base.replace(/[^\w-]/g, '_').slice(0, 200 - extension.length - 1);
  return `${stem}.${extension}`;
}

/**
 * Fetches a file with the session cookie and saves it (spec §7: the terms PDF
 * as a blob). Rejects on failure; the caller decides whether to tell the user.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const response = await fetch(path, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Revoke after the click has been handled, not before the browser read it.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
