/**
 * `npm run bench -- webhooks` (issue 26): what the outbox adds to a write (p95 of a transaction with
 * and without its event row, interleaved in one run; goal < 1 ms) and delivery throughput (events/s
 * from the outbox to a local HTTPS receiver through the delivery job's steps).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../server/db/open';
import { emitEvent } from '../server/webhooks/emit-event';
import { runWebhookStep } from '../server/webhooks/delivery-job';
import { webhookSettingsFromEnv } from '../server/webhooks/webhook-settings';
import { newWebhookSecret } from '../server/webhooks/standard-webhooks';
import { startWebhookReceiver } from '../tests/support/webhook-receiver';

const WRITES = 1000;
const EVENTS = 1000;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];
const round = (value: number) => Math.round(value * 1000) / 1000;

export async function webhooksBenchmarks() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-webhooks-'));
  const receiver = await startWebhookReceiver();
  process.env.WEBHOOKS_CA_FILE = receiver.caFile;
  const { db, close } = await openDatabase({ dataDir });
  try {
    const account = await db.one<{ id: number }>(`INSERT INTO accounts (account_type, display_name, path) VALUES ('Company', 'Bench Ltd', '') RETURNING id`);
    const accountId = Number(account!.id);
    await db.query(`UPDATE accounts SET path = $1 WHERE id = $1::bigint`, [String(accountId)]);
    const write = (withEvent: boolean, i: number) =>
      db.transaction(async (tx) => {
        await tx.query(`UPDATE accounts SET updated_at = now(), display_name = $2 WHERE id = $1`, [accountId, `Bench ${i}`]);
        if (withEvent) await emitEvent(tx, { type: 'subscription.changed', subject: `subscription:${i % 50}`, accountPath: String(accountId), data: { accountId, i } });
      });
    for (let i = 0; i < 200; i++) await write(i % 2 === 0, i); // warm-up
    const plain: number[] = [];
    const withEvent: number[] = [];
    for (let i = 0; i < WRITES * 2; i++) {
      const started = performance.now();
      await write(i % 2 === 1, i);
      (i % 2 === 1 ? withEvent : plain).push(performance.now() - started);
    }
    const cost = {
      writes: WRITES,
      p50WithoutMs: round(percentile(plain, 50)),
      p50WithMs: round(percentile(withEvent, 50)),
      p95WithoutMs: round(percentile(plain, 95)),
      p95WithMs: round(percentile(withEvent, 95)),
      addedP95Ms: round(percentile(withEvent, 95) - percentile(plain, 95)),
      addedP50Ms: round(percentile(withEvent, 50) - percentile(plain, 50)),
    };

    // Throughput: the outbox rows above plus EVENTS more, all subscribed, delivered by job steps.
    await db.query(`UPDATE webhook_events SET fanned_out = true`);
    await db.query(`INSERT INTO webhook_endpoints (account_id, account_path, url, event_types, secret) VALUES ($1, $2, $3, $4, $5)`, [
      accountId,
      String(accountId),
      `${receiver.url}/bench`,
      ['subscription.changed'],
      newWebhookSecret(),
    ]);
    for (let i = 0; i < EVENTS; i++) {
      await db.transaction((tx) => emitEvent(tx, { type: 'subscription.changed', subject: `subscription:${i % 200}`, accountPath: String(accountId), data: { i } }));
    }
    const settings = { ...webhookSettingsFromEnv({ WEBHOOKS_ALLOWED_ADDRESSES: '127.0.0.1', WEBHOOKS_CONCURRENCY: '32' }) };
    const log = { warn: () => undefined };
    const started = performance.now();
    while (await runWebhookStep(db, settings, {}, log));
    const seconds = (performance.now() - started) / 1000;
    const delivered = receiver.received.filter((hook) => hook.path === '/bench' && hook.status === 200).length;
    return { outboxCostPerWrite: cost, delivery: { events: EVENTS, delivered, seconds: round(seconds), eventsPerSecond: Math.round(delivered / seconds), concurrency: settings.concurrency } };
  } finally {
    await close();
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
