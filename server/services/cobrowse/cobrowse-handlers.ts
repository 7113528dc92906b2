/**
 * Cobrowse (extension, issue 38): a user starts sharing their page and gets a code; a support person
 * within reach joins with it; the user's recorded events are relayed to that person only; either
 * side stops. Scope: the session's user and the agent who joined; nobody else learns a session exists.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { COBROWSE_CODE_TTL_MS } from '../../../contract/services/cobrowse';
import { isWithin } from '../../auth/access';
import { fault } from '../../fault';
import { realtimeOf } from '../../realtime';
import { displayName } from '../chat/chat-messages';
import { requireCaller, type Caller, type ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';
import type { CobrowseSession } from './cobrowse-registry';
import { codeHash, cobrowseChange, registryOf, tellSessions } from './cobrowse-sessions';
import { checkedBatch, partsOf } from './relayed-events';

/** Sharing is the user's own act: never on behalf of someone impersonated, never with an API token. */
function requireOwnSession(ctx: ServiceContext): Caller {
  const caller = requireCaller(ctx);
  if (caller.impersonatorId !== null) throw fault(403, 'identity.notWhileImpersonating');
  if (caller.token) throw fault(403, 'cobrowse.browserOnly');
  return caller;
}

function newCode(ctx: ServiceContext): string {
  for (;;) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    if (!registryOf(ctx).codeTaken(codeHash(code))) return code;
  }
}

/** Ends a session for both sides (and every instance), audited. */
async function endSession(ctx: ServiceContext, session: CobrowseSession, by: 'user' | 'agent'): Promise<void> {
  await cobrowseChange(ctx, { op: 'ended', id: session.id });
  await tellSessions(ctx, [session.userSession, session.agentSession], { Event: 'CobrowseEnded', SessionId: session.id, By: by });
  await ctx.audit('CobrowseEnded', session.userId, { sessionId: session.id, userName: session.userName, by });
}

export const cobrowseHandlers = defineHandlers('Cobrowse', {
  async StartCobrowse(ctx) {
    const caller = requireOwnSession(ctx);
    // One shared page per browser session: starting again ends the one before.
    for (const open of registryOf(ctx).sessionsOfUserSession(caller.sessionIdHash)) await endSession(ctx, open, 'user');
    const code = newCode(ctx);
    const user = caller.loaded.user;
    const session = {
      id: randomBytes(16).toString('base64url'),
      codeHash: codeHash(code),
      userId: user.UserAccountId,
      // The user's own path: its parent's (where it reaches) and itself.
      userPath: `${caller.loaded.scopePath}/${user.UserAccountId}`,
      userName: displayName(caller.loaded),
      userSession: caller.sessionIdHash,
      expiresAt: Date.now() + COBROWSE_CODE_TTL_MS,
    };
    await cobrowseChange(ctx, { op: 'started', session });
    await ctx.audit('CobrowseStarted', user.UserAccountId, { sessionId: session.id });
    return { SessionId: session.id, Code: code, ExpiresAt: new Date(session.expiresAt).toISOString() };
  },

  async JoinCobrowse(ctx, { Code }) {
    const caller = requireOwnSession(ctx);
    const agentId = caller.loaded.user.UserAccountId;
    const registry = registryOf(ctx);
    const lockedUntil = registry.lockedUntil(agentId);
    if (lockedUntil !== undefined) throw fault(429, 'cobrowse.locked', { minutes: Math.max(1, Math.ceil((lockedUntil - Date.now()) / 60_000)) });
    const found = registry.lookup(codeHash(Code));
    if (found.state === 'used') throw fault(409, 'cobrowse.codeUsed');
    // A user outside the caller's reach (or the caller's own session) reads as a wrong code: nothing tells it exists.
    const session = found.state === 'open' && isWithin(found.session.userPath, caller.loaded.scopePath) && found.session.userId !== agentId ? found.session : undefined;
    if (!session) {
      await cobrowseChange(ctx, { op: 'miss', agentId, at: Date.now() });
      throw fault(404, 'cobrowse.codeUnknown');
    }
    await cobrowseChange(ctx, { op: 'joined', id: session.id, agentId, agentSession: caller.sessionIdHash });
    await tellSessions(ctx, [session.userSession], { Event: 'CobrowseJoined', SessionId: session.id, AgentName: displayName(caller.loaded) });
    await ctx.audit('CobrowseJoined', session.userId, { sessionId: session.id, userName: session.userName });
    return { SessionId: session.id, UserAccountId: session.userId, UserName: session.userName };
  },

  async RelayCobrowseEvents(ctx, { SessionId, Events }) {
    const caller = requireOwnSession(ctx);
    const session = registryOf(ctx).get(SessionId);
    if (!session || session.userSession !== caller.sessionIdHash) throw fault(404, 'cobrowse.notFound');
    if (!session.agentSession) throw fault(409, 'cobrowse.notJoined');
    const batch = checkedBatch(Events);
    const maxBytes = realtimeOf(ctx).maxEventBytes;
    const parts = maxBytes === undefined ? [batch] : partsOf(batch, maxBytes);
    const batchId = randomBytes(16).toString('base64url');
    // In order: the fan-out delivers one instance's messages in the order they were sent.
    for (const [index, chunk] of parts.entries()) {
      await tellSessions(ctx, [session.agentSession], { Event: 'CobrowseEvents', SessionId, BatchId: batchId, Part: index + 1, Parts: parts.length, Chunk: chunk });
    }
    return {};
  },

  async StopCobrowse(ctx, { SessionId }) {
    const caller = requireCaller(ctx);
    const session = registryOf(ctx).get(SessionId);
    const me = caller.loaded.user.UserAccountId;
    const by = session?.userId === me ? 'user' : session?.agentId === me ? 'agent' : undefined;
    if (!session || !by) throw fault(404, 'cobrowse.notFound');
    await endSession(ctx, session, by);
    return {};
  },
});
