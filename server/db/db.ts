/**
 * One small database interface over two drivers: PGlite (embedded, the default)
 * and PostgreSQL through `pg` (DATABASE_URL). Both run the same SQL and the same
 * migrations; rows come back with bigint and numeric as JS numbers.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  one<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T | undefined>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL's pool: connections open, idle, and callers waiting for one (for the metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PGlite only: the data folder as a gzipped tarball, consistent, taken while the server runs (ops/backup.ts). */
  dumpDataDir?(): Promise<Blob>;
}

/** A call waited longer than allowed for a database connection (PostgreSQL's pool): answered 503 + Retry-After. */
export class PoolWaitExceeded extends Error {
  readonly code = 'PORTAL_POOL_WAIT';
  constructor(waitedMs: number) {
    super(`no database connection became free within ${waitedMs} ms`);
  }
}

export function firstRow<T>(rows: T[]): T | undefined {
  return rows[0];
}
