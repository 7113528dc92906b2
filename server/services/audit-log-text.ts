/**
 * An audit entry's details (free JSON written by each handler) as one line a
 * person can read in a grid cell or a spreadsheet: `key: value; key: value`.
 * Keys stay as written (they are the event's own field names, in no language).
 */

/** A cell never gets longer than this; the grid and spreadsheets cope, people do not. */
export const MAX_DETAILS_LENGTH = 2000;
const MAX_DEPTH = 4;

function valueText(value: unknown, depth: number): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (depth >= MAX_DEPTH) return JSON.stringify(value) ?? '';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((item) => valueText(item, depth + 1)).join(', ');
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length === 0 ? '—' : `{${entries.map(([key, item]) => `${key}: ${valueText(item, depth + 1)}`).join(', ')}}`;
  }
  return String(value);
}

export function detailsText(details: unknown): string {
  let text: string;
  if (details !== null && typeof details === 'object' && !Array.isArray(details)) {
    text = Object.entries(details as Record<string, unknown>)
      .map(([key, value]) => `${key}: ${valueText(value, 1)}`)
      .join('; ');
  } else {
    text = details === null || details === undefined ? '' : valueText(details, 1);
  }
  return text.length > MAX_DETAILS_LENGTH ? `${text.slice(0, MAX_DETAILS_LENGTH - 1)}…` : text;
}

/**
 * A CSV field: quoted when needed, and a leading = + - @ (or tab/CR) defused with
 * an apostrophe, since details carry user-typed text a spreadsheet would run as a formula.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
