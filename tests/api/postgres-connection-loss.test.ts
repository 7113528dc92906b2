/**
 * A PostgreSQL connection ended while a transaction holds it (the database restarted, or an
 * administrator terminated it between two statements) fails that transaction and nothing else:
 * the process lives on (an unheard 'error' event on the client used to end it) and the next
 * transaction gets a sound connection. Runs with TEST_DATABASE_URL.
 */
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../../server/db/postgres';

const baseUrl = inject('pgBaseUrl');

describe.runIf(Boolean(baseUrl))('a connection lost inside a transaction', () => {
  it('fails that transaction only; the next one runs on a fresh connection', async () => {
    const db = await openPostgres(baseUrl, { maxConnections: 2 });
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      const failed = db.transaction(async (tx) => {
        const { pid } = (await tx.one<{ pid: number }>('SELECT pg_backend_pid() AS pid'))!;
        // Between two statements, as a job awaiting an HTTP call does: the connection is ended under it.
        await admin.query('SELECT pg_terminate_backend($1)', [pid]);
        await expect.poll(async () => (await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount).toBe(0);
        await tx.query('SELECT 1');
      });
      await expect(failed).rejects.toThrow();
      expect(await db.transaction((tx) => tx.one<{ answer: number }>('SELECT 42 AS answer'))).toEqual({ answer: 42 });
    } finally {
      await admin.end();
      await db.close();
    }
  });
});
