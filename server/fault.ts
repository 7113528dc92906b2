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
}

export const fault = (status: number, key: ServerTextKey, values?: Record<string, string | number>) =>
  new ServiceFault(status, key, values);

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
