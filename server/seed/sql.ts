import type { Queryable } from '../db/db';

/** A value bound as a query parameter. jsonb columns take JSON text: see `json`. */
export type SqlValue = string | number | boolean | null | readonly string[];

/**
 * jsonb values go in as JSON text: both drivers pass a string through as the
 * document, whereas a JS array would be sent by `pg` as a PostgreSQL array.
 */
export const json = (value: unknown): string => JSON.stringify(value);

// PostgreSQL allows 65535 bind parameters per statement.
const MAX_PARAMETERS = 60_000;

/**
 * Inserts many rows with multi-row VALUES statements (chunked under the bind
 * parameter limit) and returns the `returning` columns in input order:
 * PostgreSQL returns the rows of `INSERT ... VALUES ... RETURNING` in the
 * order of the VALUES list.
 */
export async function insertRows<T = { id: number }>(
  tx: Queryable,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly SqlValue[])[],
  returning = 'id',
): Promise<T[]> {
  const result: T[] = [];
  const rowsPerStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    const chunk = rows.slice(start, start + rowsPerStatement);
    const params: SqlValue[] = [];
    const tuples = chunk.map((row) => {
      if (row.length !== columns.length) {
        throw new Error(`insertRows(${table}): expected ${columns.length} values, got ${row.length}`);
      }
      const placeholders = row.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}${returning ? ` RETURNING ${returning}` : ''}`;
    result.push(...(await tx.query<T>(sql, params as unknown[])));
  }
  return result;
}
