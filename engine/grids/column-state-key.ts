/**
 * The columns a definition draws and which it hides: a published change to them
 * (issue 22) starts the grid afresh from the definition, not from a layout the
 * user remembered for the columns before.
 */
export const columnsFingerprint = (columns: readonly { field: string; hidden?: boolean }[]) =>
  columns.map((column) => `${column.field}${column.hidden ? '-' : ''}`).join(',');

/** localStorage key of the remembered column state: per user, per definition and its column set. */
export const columnStateKey = (userId: number | string, definitionId: string, columns?: readonly { field: string; hidden?: boolean }[]) =>
  `grid-columns:${userId}:${definitionId}${columns ? `:${columnsFingerprint(columns)}` : ''}`;
