/**
 * A flags matrix (renderers/inputs/FlagsMatrixInput.tsx), pure: rows each named by key fields, columns of boolean
 * flags. Which boxes a user may tick: a flag the user holds on a matching row of their own (a held row whose
 * wildcard field is empty matches any value there), or one the stored value already had (it may stay or go).
 */
type Row = Readonly<Record<string, unknown>>;

export interface FlagsMatrixShape {
  /** Fields naming a row (two rows with the same values are one). */
  keyFields: readonly string[];
  /** The boolean fields drawn as columns. */
  flags: readonly string[];
  /** Key fields a held row leaves empty to hold the flag for any value of it. */
  wildcards?: readonly string[];
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** A row's identity: its key fields' values, the empty ones left out (`A (svc) [x]`-like, stable). */
export const matrixRowKey = (shape: FlagsMatrixShape, row: Row) => shape.keyFields.map((field) => text(row[field])).join('\u0000');

/** Whether a held row gives the flag on this row. */
export function holdsFlag(shape: FlagsMatrixShape, held: readonly Row[], row: Row, flag: string): boolean {
  return held.some(
    (entry) => entry[flag] === true && shape.keyFields.every((field) => (shape.wildcards?.includes(field) && text(entry[field]) === '') || text(entry[field]) === text(row[field])),
  );
}

/** Whether a box may change: never read-only; a flag held, or one the stored row had and still has. */
export function flagEditable(shape: FlagsMatrixShape, context: { held: readonly Row[]; stored: readonly Row[]; readOnly?: boolean }, row: Row, flag: string): boolean {
  if (context.readOnly) return false;
  if (holdsFlag(shape, context.held, row, flag)) return true;
  const key = matrixRowKey(shape, row);
  return row[flag] === true && context.stored.some((before) => matrixRowKey(shape, before) === key && before[flag] === true);
}

/** The rows with one flag of one row set (false leaves the field out, as the server stores it). */
export function setFlag<T extends Row>(rows: readonly T[], index: number, flag: string, on: boolean): T[] {
  return rows.map((row, at) => {
    if (at !== index) return row;
    const next: Record<string, unknown> = { ...row };
    if (on) next[flag] = true;
    else delete next[flag];
    return next as T;
  });
}

/** The values a new row may take in `field`: the offered ones no row has yet with its other key fields empty. */
export function unusedValues(shape: FlagsMatrixShape, rows: readonly Row[], field: string, offered: readonly string[]): string[] {
  const plain = (row: Row) => shape.keyFields.every((other) => other === field || text(row[other]) === '');
  return offered.filter((value) => !rows.some((row) => plain(row) && text(row[field]) === value));
}

/** How many boxes are ticked (a list's summary). */
export const tickedCount = (shape: FlagsMatrixShape, rows: readonly Row[]) => rows.reduce((sum, row) => sum + shape.flags.filter((flag) => row[flag] === true).length, 0);
