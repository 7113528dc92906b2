import { queryFingerprint, type GridFilterModel, type GridSortEntry } from './grid-query';

/**
 * The cursors a grid collected for one sort and filter: block start row → the
 * cursor the server returned with the block ending there. AG Grid's infinite
 * model asks for blocks by startRow; a known cursor turns the request into a
 * keyset continuation, an unknown one falls back to OFFSET on the server.
 */
export interface CursorBook {
  fingerprint: string;
  byStartRow: Map<number, string>;
}

export const emptyCursorBook = (): CursorBook => ({ fingerprint: '', byStartRow: new Map() });

/** The book for this query: the same one while sort and filter stay, a fresh one when they change. */
export function cursorBookFor(book: CursorBook, sortModel: readonly GridSortEntry[], filterModel: GridFilterModel): CursorBook {
  const fingerprint = queryFingerprint(sortModel, filterModel);
  return fingerprint === book.fingerprint ? book : { fingerprint, byStartRow: new Map() };
}

export function rememberCursor(book: CursorBook, nextStartRow: number, cursor: string | undefined): void {
  if (cursor) book.byStartRow.set(nextStartRow, cursor);
}

export const cursorFor = (book: CursorBook, startRow: number): string | undefined => (startRow === 0 ? undefined : book.byStartRow.get(startRow));
