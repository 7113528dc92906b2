/**
 * GET /status.json: the public status page's data (contract/status.ts). Each part is judged from
 * what this instance can see: the database by a timed `SELECT 1`, the API by its recent share of
 * 5xx answers, mail by an SMTP greeting of the relay, webhooks by deliveries left waiting past
 * their due time, the live connection by the fan-out between instances. Looked at most every few
 * seconds (a flood of page loads costs one check), never with values or names in the answer.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import type { Mailer } from '../mail/mailer';
import { overallState, type ComponentState, type StatusMaintenance, type StatusReport } from '../../contract/status';
import { withTimeout, type Draining } from './health';

const CHECK_EVERY_MS = 2_000;
const MAIL_CHECK_EVERY_MS = 60_000;
const DATABASE_TIMEOUT_MS = 2_000;
/** A database slower than this to answer `SELECT 1` is degraded. */
const DATABASE_SLOW_MS = 1_000;
/** A delivery still pending this long after it was due means the delivery job is behind. */
const WEBHOOK_OVERDUE = '5 minutes';
/** The API is degraded when at least this share of the last minutes' answers were 5xx (and there were enough). */
const ERROR_SHARE = 0.05;
const ERROR_MIN_ANSWERS = 20;
const ERROR_WINDOW_MINUTES = 5;

interface StatusDeps {
  db: Db;
  mailer: Mailer;
  draining: Draining;
}

/** Counts answers and 5xx answers per minute for the last few minutes. */
export class ErrorRate {
  private readonly minutes = new Map<number, { answers: number; errors: number }>();

  record(statusCode: number, now = Date.now()): void {
    const minute = Math.floor(now / 60_000);
    const bucket = this.minutes.get(minute) ?? { answers: 0, errors: 0 };
    bucket.answers += 1;
    if (statusCode >= 500) bucket.errors += 1;
    this.minutes.set(minute, bucket);
    for (const key of this.minutes.keys()) if (key <= minute - ERROR_WINDOW_MINUTES) this.minutes.delete(key);
  }

  state(now = Date.now()): ComponentState {
    const since = Math.floor(now / 60_000) - ERROR_WINDOW_MINUTES;
    let answers = 0;
    let errors = 0;
    for (const [minute, bucket] of this.minutes) {
      if (minute <= since) continue;
      answers += bucket.answers;
      errors += bucket.errors;
    }
    return answers >= ERROR_MIN_ANSWERS && errors / answers >= ERROR_SHARE ? 'degraded' : 'up';
  }
}

async function databaseState(db: Db): Promise<ComponentState> {
  const started = Date.now();
  try {
    await withTimeout(db.query('SELECT 1'), DATABASE_TIMEOUT_MS);
    return Date.now() - started > DATABASE_SLOW_MS ? 'degraded' : 'up';
  } catch {
    return 'down';
  }
}

async function webhooksState(db: Db, database: ComponentState): Promise<ComponentState> {
  if (database === 'down') return 'down';
  try {
    const row = await withTimeout(
      db.one<{ overdue: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE status = 'Pending' AND next_attempt_at < now() - interval '${WEBHOOK_OVERDUE}') AS overdue`,
      ),
      DATABASE_TIMEOUT_MS,
    );
    return row?.overdue ? 'degraded' : 'up';
  } catch {
    return 'down';
  }
}

function maintenanceOf(app: FastifyInstance): StatusMaintenance | null {
  const schedule = app.realtime.maintenanceSchedule();
  if (schedule.mode === 'soon') return { mode: 'soon' };
  if (schedule.mode === 'scheduled') return { mode: 'scheduled', startsAt: new Date(schedule.startsAt).toISOString() };
  return null;
}

export function registerStatusPage(app: FastifyInstance, deps: StatusDeps): void {
  const errors = new ErrorRate();
  app.addHook('onResponse', (_request, reply, done) => {
    errors.record(reply.statusCode);
    done();
  });

  let mail: { state: ComponentState; at: number } | undefined;
  const mailState = async (): Promise<ComponentState> => {
    if (!mail || Date.now() - mail.at > MAIL_CHECK_EVERY_MS) {
      const reachable = await withTimeout(deps.mailer.reachable(), DATABASE_TIMEOUT_MS).catch(() => false);
      mail = { state: reachable ? 'up' : 'down', at: Date.now() };
    }
    return mail.state;
  };

  let last: { report: Promise<StatusReport>; at: number } | undefined;
  const look = async (): Promise<StatusReport> => {
    const database = await databaseState(deps.db);
    const [webhooks, mailNow] = await Promise.all([webhooksState(deps.db, database), mailState()]);
    const components: StatusReport['components'] = [
      { id: 'api', status: deps.draining.draining ? 'degraded' : errors.state() },
      { id: 'database', status: database },
      { id: 'mail', status: mailNow },
      { id: 'webhooks', status: webhooks },
      { id: 'realtime', status: app.realtime.fanoutConnected() ? 'up' : 'degraded' },
    ];
    return { status: overallState(components.map((part) => part.status)), components, maintenance: maintenanceOf(app), checkedAt: new Date().toISOString() };
  };

  app.get('/status.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!last || Date.now() - last.at > CHECK_EVERY_MS) last = { report: look(), at: Date.now() };
    return last.report;
  });
}
