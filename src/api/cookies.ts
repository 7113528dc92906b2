/** Reads one cookie from a `document.cookie`-style string. */
export function readCookie(name: string, cookieString: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

export function readDocumentCookie(name: string): string | undefined {
  return typeof document === 'undefined' ? undefined : readCookie(name, document.cookie);
}
