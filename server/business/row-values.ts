/** A timestamp column (Date from either driver, or text) as ISO 8601. */
export function isoTime(value: Date | string): string {
  return new Date(value).toISOString();
}

export function isoTimeOrNull(value: Date | string | null): string | null {
  return value === null ? null : isoTime(value);
}
