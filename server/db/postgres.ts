import pg from 'pg';
import type { Db, Queryable } from './db';

// bigint ids and numeric money as numbers, as PGlite returns them.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

function wrap(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await target.query(sql, params);
      return result.rows as T[];
    },
    async one<T>(sql: string, params: unknown[] = []) {
      const result = await target.query(sql, params);
      return result.rows[0] as T | undefined;
    },
    async exec(sql: string) {
      await target.query(sql);
    },
  };
}

export async function openPostgres(connectionString: string, maxConnections = 10): Promise<Db> {
  // No JIT: the portal's statements are short, and compiling a report's large plan took
  // seconds longer than running it (PostgreSQL's default jit=on costs it on every call).
  const pool = new pg.Pool({ connectionString, max: maxConnections, options: '-c jit=off' });
  // A broken idle connection must not crash the server.
  pool.on('error', () => undefined);
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
