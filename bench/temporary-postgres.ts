import pg from 'pg';

/**
 * Runs a benchmark on a PostgreSQL database created for it and dropped after,
 * or reports it skipped when no PostgreSQL is reachable (BENCH_POSTGRES_URL).
 */
export async function withTemporaryPostgres<T>(
  prefix: string,
  run: (url: string) => Promise<T>,
): Promise<T | { skipped: string }> {
  const base = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
  } catch (error) {
    return { skipped: `PostgreSQL not reachable at ${base}: ${(error as Error).message}` };
  }
  const name = `${prefix}_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
