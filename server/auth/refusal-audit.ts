/**
 * Every refused authorization, wherever it was refused (dispatcher or handler), is in the
 * request log (sampled under a flood: http/request-log.ts) and, for a signed-in caller, in
 * the audit log. Repeated refusals of one caller, route and reason within a minute fold
 * into one audit row whose details count them: a user hammering a method it may not call
 * adds a row a minute, not a row a call. The row's fold key (migration 0028) makes the
 * folding hold across instances too.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/db';
import type { ServiceFault } from '../fault';
import type { ServerDeps } from '../services/context';
import { noteRefusalReason } from '../http/request-log';
import { rememberedCaller } from './request-caller';
import { SESSION_COOKIE } from './session-store';

const AUTHORIZATION_FAULTS = new Set(['unauthenticated', 'forbidden', 'outOfScope', 'missingLoginCapability', 'identity.mfaSetupRequired', 'identity.notWhileImpersonating']);

const FOLD_WINDOW_MS = 60_000;
/** Counts of repeated refusals reach the database this often (and when the server stops). */
const FLUSH_MS = 5_000;
/** Folds kept in memory at most; beyond, counts are written at once. */
const MAX_PENDING = 10_000;

export function isAuthorizationRefusal(error: ServiceFault): boolean {
  return (error.status === 401 || error.status === 403) && error.textKey !== null && AUTHORIZATION_FAULTS.has(error.textKey);
}

interface Refusal {
  userId: number;
  impersonatorId: number | null;
  route: string;
  reason: string;
  ip: string;
}

/** One fold: a caller's refusals of one route for one reason in one minute. */
interface Fold {
  refusal: Refusal;
  key: string;
  /** Refusals counted but not yet written. */
  unwritten: number;
}

class RefusalFolds {
  private readonly folds = new Map<string, Fold>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyInstance['log'],
    private readonly now = () => Date.now(),
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  record(refusal: Refusal): void {
    const minute = Math.floor(this.now() / FOLD_WINDOW_MS);
    const key = [refusal.userId, refusal.impersonatorId ?? '', refusal.route, refusal.reason, minute].join('|');
    const fold = this.folds.get(key);
    if (fold) {
      fold.unwritten++;
      return;
    }
    // The first refusal of a fold is written at once: the audit log shows it without delay.
    const created: Fold = { refusal, key, unwritten: 1 };
    if (this.folds.size < MAX_PENDING) this.folds.set(key, created);
    void this.write(created);
  }

  /** Writes the counted refusals; folds of past minutes are then forgotten. */
  async flush(): Promise<void> {
    const minute = Math.floor(this.now() / FOLD_WINDOW_MS);
    const writes: Promise<void>[] = [];
    for (const fold of this.folds.values()) {
      if (fold.unwritten > 0) writes.push(this.write(fold));
      if (!fold.key.endsWith(`|${minute}`)) this.folds.delete(fold.key);
    }
    await Promise.all(writes);
  }

  close(): Promise<void> {
    clearInterval(this.timer);
    return this.flush();
  }

  private async write(fold: Fold): Promise<void> {
    const count = fold.unwritten;
    fold.unwritten = 0;
    const { userId, impersonatorId, route, reason, ip } = fold.refusal;
    try {
      await this.db.query(
        `INSERT INTO audit_log (account_id, actor_user_id, impersonator_user_id, action, details, ip, fold_key)
         VALUES ($1, $1, $2, 'AuthorizationRefused', $3, $4, $5)
         ON CONFLICT (fold_key) DO UPDATE
           SET details = jsonb_set(audit_log.details, '{count}', to_jsonb(COALESCE((audit_log.details->>'count')::int, 1) + $6::int))`,
        [userId, impersonatorId, { route, reason, count }, ip, fold.key, count],
      );
    } catch (failure) {
      this.log.error({ err: failure }, 'could not audit a refused authorization');
    }
  }
}

const foldsByDeps = new WeakMap<ServerDeps, RefusalFolds>();

/** Starts folding refusals for this app; the counts still in memory are written when it closes. */
export function registerRefusalAudit(app: FastifyInstance, deps: ServerDeps): void {
  const folds = new RefusalFolds(deps.db, app.log);
  foldsByDeps.set(deps, folds);
  app.addHook('onClose', () => folds.close());
}

/** Notes the refusal for the request log and audits it; fire and forget, the answer does not wait. */
export function recordAuthorizationRefusal(deps: ServerDeps, request: FastifyRequest, error: ServiceFault): void {
  if (error.status === 401 || error.status === 403 || error.status === 429) noteRefusalReason(request, error.textKey ?? 'refused');
  // Signed-out probes (401) are routine and have no one to audit; a refused signed-in call (403) is audited.
  if (!isAuthorizationRefusal(error) || error.status !== 403) return;
  const folds = foldsByDeps.get(deps);
  if (!folds) return;
  const route = request.url.split('?')[0].slice(0, 200);
  const reason = error.textKey ?? 'forbidden';
  const caller = rememberedCaller(request);
  if (caller) {
    folds.record({ userId: caller.loaded.user.UserAccountId, impersonatorId: caller.impersonatorId, route, reason, ip: request.ip });
    return;
  }
  // Refused outside the dispatcher: the session tells who it was.
  void (async () => {
    const session = await deps.sessions.find(request.cookies[SESSION_COOKIE]);
    if (session) folds.record({ userId: session.userId, impersonatorId: session.impersonatorId, route, reason, ip: request.ip });
  })().catch((failure: unknown) => request.log.error({ err: failure }, 'could not audit a refused authorization'));
}
