import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../../server/db/db';
import { openDatabase, type OpenedDb } from '../../server/db/open';
import { billingStep } from '../../server/jobs/start-jobs';
import { copyTemplateDatabase, type TestDatabase } from '../support/test-database';

// The billing job's own step on a copy of the demo database, with a fixed clock, in 2031 so no seeded charge is involved.
let database: TestDatabase;
let opened: OpenedDb;
let db: Db;
let contosoId: number;

beforeAll(async () => {
  database = await copyTemplateDatabase({
    dataDir: inject('templateDataDir') || undefined,
    pgTemplate: inject('pgTemplate') || undefined,
    pgBaseUrl: inject('pgBaseUrl') || undefined,
  });
  opened = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  db = opened.db;
  contosoId = (await db.one<{ id: number }>(`SELECT id FROM accounts WHERE display_name = 'Contoso Ltd'`))!.id;
  // The seeded charges of the current month are not this test's business.
  await db.query(`UPDATE custom_charges SET status = 'Billed' WHERE status = 'Pending billing'`);
});
afterAll(async () => {
  await opened?.close();
  await database?.drop();
});

const addCharge = async (name: string, createdAt: string) =>
  (await db.one<{ id: number }>(
    `INSERT INTO custom_charges (account_id, name, price, cost, currency, created_at) VALUES ($1, $2, 10, 5, 'GBP', $3) RETURNING id`,
    [contosoId, name, createdAt],
  ))!.id;

const chargeState = async (id: number) =>
  db.one<{ status: string; period_end: string | null }>(
    `SELECT c.status, to_char(i.period_end, 'YYYY-MM-DD') AS period_end FROM custom_charges c LEFT JOIN invoices i ON i.id = c.invoice_id WHERE c.id = $1`,
    [id],
  );

const at = (iso: string) => () => new Date(iso);

describe('the month-end billing job (fixed clock)', () => {
  it('bills a month on its last day from 22:00 UTC, onto the invoice of that day, and only once', async () => {
    const january = await addCharge('January charge', '2031-01-15T10:00:00Z');
    expect((await billingStep(db, at('2031-01-20T12:00:00Z'))).billedCharges).toBe(0);
    expect((await billingStep(db, at('2031-01-31T21:59:00Z'))).billedCharges).toBe(0);
    expect(await chargeState(january)).toEqual({ status: 'Pending billing', period_end: null });

    const run = await billingStep(db, at('2031-01-31T22:00:00Z'));
    expect(run).toMatchObject({ periodEnd: '2031-01-31', billedCharges: 1 });
    expect(await chargeState(january)).toEqual({ status: 'Billed', period_end: '2031-01-31' });

    // Added after the run on the same last day: the next tick puts it on the same invoice.
    const late = await addCharge('Late January charge', '2031-01-31T22:30:00Z');
    const next = await billingStep(db, at('2031-01-31T23:00:00Z'));
    expect(next.invoices).toEqual(run.invoices);
    expect(await chargeState(late)).toEqual({ status: 'Billed', period_end: '2031-01-31' });

    // Nothing left: further ticks change nothing, February waits for its own last day.
    const february = await addCharge('February charge', '2031-02-02T09:00:00Z');
    expect((await billingStep(db, at('2031-02-01T00:05:00Z'))).billedCharges).toBe(0);
    expect((await billingStep(db, at('2031-02-28T21:00:00Z'))).billedCharges).toBe(0);
    expect((await billingStep(db, at('2031-02-28T22:00:00Z'))).billedCharges).toBe(1);
    expect(await chargeState(february)).toEqual({ status: 'Billed', period_end: '2031-02-28' });
    const invoices = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM invoices WHERE account_id = $1 AND period_end >= '2031-01-01'`, [contosoId]);
    expect(invoices?.n).toBe(2);
  });

  it('catches up a missed month end onto the invoice of the month the charge was added in', async () => {
    const march = await addCharge('March charge', '2031-03-10T10:00:00Z');
    // The server was down from the end of March until May.
    const run = await billingStep(db, at('2031-05-02T08:00:00Z'));
    expect(run).toMatchObject({ periodEnd: '2031-04-30', billedCharges: 1 });
    expect(await chargeState(march)).toEqual({ status: 'Billed', period_end: '2031-03-31' });
  });
});
