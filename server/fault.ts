import type { ServerTextKey } from './texts';

/**
 * An error a service answers on purpose: an HTTP status and a text the user
 * may read. Anything else that is thrown becomes a 500 with the generic text;
 * its details go to the log only.
 */
export class ServiceFault extends Error {
  constructor(
    readonly status: number,
    readonly textKey: ServerTextKey | null,
    readonly values: Record<string, string | number> = {},
    /** Already-translated text, when the handler built it itself. */
    readonly text?: string,
  ) {
    super(text ?? textKey ?? 'fault');
  }

  /** Response headers carrying what a client must read by machine (e.g. a count to confirm), beside the text. */
  readonly headers: Record<string, string> = {};

  withHeader(name: string, value: string | number): this {
    this.headers[name] = String(value);
    return this;
  }
}

/** Longest piece of a caller's input an error text may quote. */
export const MAX_QUOTED_LENGTH = 200;

/** A short, single-line excerpt of a value quoted in an error text (the XML body escapes it). */
export function excerpt(value: string): string {
  // eslint-disable-next-line no-control-regex -- replacing control characters is the point
  const line = value.replace(/[\u0000-\u001F\u007F]/g, ' ');
  return line.length > MAX_QUOTED_LENGTH ? `${line.slice(0, MAX_QUOTED_LENGTH - 1)}…` : line;
}

/** Values that end up in error texts are excerpts: a request can never make the answer as large as itself. */
export const fault = (status: number, key: ServerTextKey, values?: Record<string, string | number>) =>
  new ServiceFault(status, key, values && Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? excerpt(value) : value])));

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The error body shape the spec's client parses (§8). */
export function faultXml(message: string): string {
  return `<Fault><Message>${escapeXml(message)}</Message></Fault>`;
}
