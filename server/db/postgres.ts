import pg from 'pg';
import { PoolWaitExceeded, type Db, type Queryable } from './db';
import { preparedName } from './prepared';

// bigint ids and numeric money as numbers, as PGlite returns them.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/** A statement registered as prepared (db/prepared.ts) goes by its name: parsed and planned once per connection. */
function statementOf(sql: string, values: unknown[]): pg.QueryConfig {
  const name = preparedName(sql);
  return name ? { name, text: sql, values } : { text: sql, values };
}

function wrap(target: pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await target.query(statementOf(sql, params));
      return result.rows as T[];
    },
    async one<T>(sql: string, params: unknown[] = []) {
      const result = await target.query(statementOf(sql, params));
      return result.rows[0] as T | undefined;
    },
    async exec(sql: string) {
      await target.query(sql);
    },
  };
}

/** Options of the pool: bounded waiting (issue 34). 0 turns a bound off. */
export interface PostgresLimits {
  maxConnections?: number;
  /** PostgreSQL's statement_timeout: what one statement may hold a connection for. */
  statementTimeoutMs?: number;
  /** How long a call may wait for a connection when all are busy before it is answered 503. */
  maxPoolWaitMs?: number;
}

/**
 * A connection of the pool, waiting at most `maxWaitMs` when every connection is busy. Only that wait
 * is bounded (opening a new connection is not): a call that would wait longer is answered "busy" at
 * once instead of sitting behind the queue until its client gives up, so the queue stays short and
 * the calls in it finish in bounded time. A connection that arrives after the wait was given up is
 * handed straight back.
 */
function boundedConnect(pool: pg.Pool, max: number, maxWaitMs: number): Promise<pg.PoolClient> {
  const mustQueue = pool.idleCount === 0 && pool.totalCount >= max;
  if (!mustQueue || maxWaitMs <= 0) return pool.connect();
  return new Promise((resolve, reject) => {
    let givenUp = false;
    const timer = setTimeout(() => {
      givenUp = true;
      reject(new PoolWaitExceeded(maxWaitMs));
    }, maxWaitMs);
    pool.connect().then(
      (client) => {
        if (givenUp) return client.release();
        clearTimeout(timer);
        resolve(client);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (!givenUp) reject(error as Error);
      },
    );
  });
}

export async function openPostgres(connectionString: string, limits: PostgresLimits = {}): Promise<Db> {
  const max = limits.maxConnections ?? 10;
  // No JIT: the portal's statements are short, and compiling a report's large plan took
  // seconds longer than running it (PostgreSQL's default jit=on costs it on every call).
  // A statement timeout bounds what one call can hold a connection for (0: none; migrations lift it).
  const timeout = Math.max(0, Math.floor(limits.statementTimeoutMs ?? 0));
  const pool = new pg.Pool({ connectionString, max, options: `-c jit=off -c statement_timeout=${timeout}` });
  const connect = () => boundedConnect(pool, max, Math.max(0, Math.floor(limits.maxPoolWaitMs ?? 0)));
  // A broken idle connection must not crash the server.
  pool.on('error', () => undefined);
  await pool.query('SELECT 1');
  /**
   * Runs on a connection of its own. A connection ended while checked out (the database restarted or
   * terminated it, say between two statements of a transaction) emits 'error' on the client, which the
   * pool only listens for while idle: unheard, it would end the process. Heard here, the next statement
   * fails instead, and the broken connection is destroyed rather than returned to the pool; so is one
   * after a failed single statement, as pool.query does.
   */
  const onClient = async <T>(run: (client: pg.PoolClient) => Promise<T>, destroyAfterError: boolean): Promise<T> => {
    const client = await connect();
    let lost: Error | undefined;
    const onLost = (error: Error) => {
      lost = error;
    };
    client.on('error', onLost);
    try {
      const result = await run(client);
      if (lost) throw lost;
      return result;
    } catch (error) {
      if (destroyAfterError) lost ??= error as Error;
      throw error;
    } finally {
      client.removeListener('error', onLost);
      client.release(lost);
    }
  };
  const statement = <T>(run: (client: pg.PoolClient) => Promise<T>) => onClient(run, true);
  return {
    kind: 'postgres',
    query: (sql, params = []) => statement(async (client) => (await client.query(statementOf(sql, params))).rows),
    one: (sql, params = []) => statement(async (client) => (await client.query(statementOf(sql, params))).rows[0]),
    exec: (sql) => statement(async (client) => void (await client.query(sql))),
    transaction: (fn) =>
      onClient(async (client) => {
        try {
          await client.query('BEGIN');
          const result = await fn(wrap(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }, false),
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
