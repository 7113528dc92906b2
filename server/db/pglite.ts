import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Queryable } from './db';

const parsers = {
  [types.NUMERIC]: (value: string) => Number(value),
  [types.INT8]: (value: string) => Number(value),
};

function wrap(target: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await target.query<T>(sql, params);
      return result.rows;
    },
    async one<T>(sql: string, params: unknown[] = []) {
      const result = await target.query<T>(sql, params);
      return result.rows[0];
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/** Opens (creating if needed) an embedded database in `dataDir`, or in memory when undefined. */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  // pg_trgm: the trigram indexes of name searches (migration 0026), as on PostgreSQL.
  const pg = await PGlite.create(dataDir ?? 'memory://', { parsers, extensions: { pg_trgm } });
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
    dumpDataDir: () => pg.dumpDataDir('gzip'),
  };
}
