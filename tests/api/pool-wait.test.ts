/**
 * Issue 34, bounded waiting: when every PostgreSQL connection is busy, a call waits at most
 * DB_MAX_POOL_WAIT_MS for one and is then answered 503 with Retry-After, instead of queueing until
 * its client gives up. The connections here are held by transactions the test releases itself, so
 * "busy" is a fact of the test, not of the machine's speed. Runs with TEST_DATABASE_URL.
 */
import { describe, expect, inject, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { PoolWaitExceeded, type Db } from '../../server/db/db';
import { openPostgres } from '../../server/db/postgres';
import { DEMO_PASSWORD, startTestServer } from '../support/test-server';

const baseUrl = inject('pgBaseUrl');

/** Holds `count` connections of the pool in open transactions until `release` is called. */
async function holdConnections(db: Db, count: number): Promise<{ release(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let started = 0;
  let allStarted!: () => void;
  const holding = new Promise<void>((resolve) => (allStarted = resolve));
  // A server's own jobs may hold a connection a moment: a holder whose wait was refused tries again.
  const hold = (): Promise<void> =>
    db
      .transaction(async (tx) => {
        await tx.query('SELECT 1');
        if (++started === count) allStarted();
        await released;
      })
      .catch((error: unknown) => (error instanceof PoolWaitExceeded ? hold() : Promise.reject(error)));
  const held = Array.from({ length: count }, hold);
  await holding;
  return {
    async release() {
      release();
      await Promise.all(held);
    },
  };
}

describe.runIf(Boolean(baseUrl))('waiting for a database connection', () => {
  it('gives up after the bound while every connection is busy, and serves the next call once one is free', async () => {
    const db = await openPostgres(baseUrl, { maxConnections: 2, maxPoolWaitMs: 50 });
    try {
      const busy = await holdConnections(db, 2);
      // Refused while both connections are still held (they are released only after): had it
      // waited for one, this would never settle.
      await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(PoolWaitExceeded);
      await busy.release();
      // The given-up wait's connection went back to the pool: both serve again.
      expect(await Promise.all([db.one('SELECT 1 AS one'), db.one('SELECT 2 AS two')])).toEqual([{ one: 1 }, { two: 2 }]);
      expect(db.poolStats!()).toMatchObject({ waiting: 0 });
    } finally {
      await db.close();
    }
  });

  it('waits without a bound when it is 0, and gets the connection freed', async () => {
    const db = await openPostgres(baseUrl, { maxConnections: 1, maxPoolWaitMs: 0 });
    try {
      const busy = await holdConnections(db, 1);
      const waiting = db.one<{ answer: number }>('SELECT 42 AS answer');
      expect(db.poolStats!()).toMatchObject({ waiting: 1 });
      await busy.release();
      expect(await waiting).toEqual({ answer: 42 });
    } finally {
      await db.close();
    }
  });

  it('answers a service call 503 with Retry-After and the busy text while the server’s connections are all held', async () => {
    const base = configFromEnv({});
    const server = await startTestServer({ load: { ...base.load, maxPoolWaitMs: 50 } });
    try {
      const db = server.server.db;
      if (db.kind !== 'postgres') return; // PGlite has one connection and no pool to wait for.
      const busy = await holdConnections(db, 10);
      expect(db.poolStats!()).toMatchObject({ idle: 0 });
      const api = await server.client();
      const shed = await api.signIn('basic.user', DEMO_PASSWORD);
      await busy.release();
      expect(shed.status).toBe(503);
      expect(shed.headers.get('retry-after')).toBe('1');
      expect(shed.message).toBe('The portal is busy right now. Please try again in a moment.');
      // Once connections are free, the same call goes through.
      const signedIn = await (await server.client()).signIn('basic.user', DEMO_PASSWORD);
      expect(signedIn.status, signedIn.text).toBe(200);
    } finally {
      await server.close();
    }
  }, 120_000);
});
