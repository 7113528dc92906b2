/**
 * Every refused authorization is logged (pino, and for a signed-in caller the
 * audit log too), wherever it was refused: dispatcher or handler.
 */
import type { FastifyRequest } from 'fastify';
import type { ServiceFault } from '../fault';
import type { ServerDeps } from '../services/context';
import { SESSION_COOKIE } from './session-store';

const AUTHORIZATION_FAULTS = new Set(['unauthenticated', 'forbidden', 'outOfScope', 'missingLoginCapability', 'identity.mfaSetupRequired', 'identity.notWhileImpersonating']);

export function isAuthorizationRefusal(error: ServiceFault): boolean {
  return (error.status === 401 || error.status === 403) && error.textKey !== null && AUTHORIZATION_FAULTS.has(error.textKey);
}

/** Logs the refusal; fire and forget, the answer does not wait for the audit row. */
export function recordAuthorizationRefusal(deps: ServerDeps, request: FastifyRequest, error: ServiceFault): void {
  if (!isAuthorizationRefusal(error)) return;
  const route = request.url.split('?')[0];
  // Signed-out probes (401) are routine: info; a refused signed-in call (403) is worth a warning.
  const entry = { event: 'authorization-refused', route, status: error.status, reason: error.textKey };
  if (error.status === 403) request.log.warn(entry, 'authorization refused');
  else request.log.info(entry, 'authorization refused');
  if (error.status !== 403) return;
  void (async () => {
    const session = await deps.sessions.find(request.cookies[SESSION_COOKIE]);
    if (!session) return;
    await deps.db.query(
      `INSERT INTO audit_log (account_id, actor_user_id, impersonator_user_id, action, details, ip)
       VALUES ($1, $1, $2, 'AuthorizationRefused', $3, $4)`,
      [session.userId, session.impersonatorId, { route, reason: error.textKey }, request.ip],
    );
  })().catch((failure: unknown) => request.log.error({ err: failure }, 'could not audit a refused authorization'));
}
