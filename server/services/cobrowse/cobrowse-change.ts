/**
 * What the instances tell each other about co-browse sessions (issue 38). Every instance keeps the
 * open sessions in memory (cobrowse-registry.ts) and applies these changes, its own at once and the
 * others' from the realtime fan-out; `origin` names the instance that made the change.
 */

export interface CobrowseSessionInfo {
  id: string;
  /** SHA-256 of the code: the code itself never travels between instances. */
  codeHash: string;
  userId: number;
  userPath: string;
  userName: string;
  /** The user's session (its stored hash): its sockets hear that a person joined or the session ended. */
  userSession: string;
  /** Until when the code can be used to join (epoch ms). */
  expiresAt: number;
}

export type CobrowseChange = { origin: string } & (
  | { op: 'started'; session: CobrowseSessionInfo }
  | { op: 'joined'; id: string; agentId: number; agentSession: string }
  /** An agent tried a wrong code (counted on every instance: five lock joining). */
  | { op: 'miss'; agentId: number; at: number }
  | { op: 'ended'; id: string }
);

const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 512;
const isId = (value: unknown): value is number => Number.isInteger(value);

function parseSession(value: unknown): CobrowseSessionInfo | undefined {
  const session = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const { id, codeHash, userId, userPath, userName, userSession, expiresAt } = session;
  if (!isString(id) || !isString(codeHash) || !isId(userId) || !isString(userPath) || typeof userName !== 'string' || !isString(userSession) || typeof expiresAt !== 'number') return undefined;
  return { id, codeHash, userId, userPath, userName, userSession, expiresAt };
}

/** Checks a change that came from another process (a NOTIFY payload). */
export function parseCobrowseChange(value: unknown): CobrowseChange | undefined {
  const change = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const { origin } = change;
  if (!isString(origin)) return undefined;
  switch (change.op) {
    case 'started': {
      const session = parseSession(change.session);
      return session ? { origin, op: 'started', session } : undefined;
    }
    case 'joined':
      return isString(change.id) && isId(change.agentId) && isString(change.agentSession) ? { origin, op: 'joined', id: change.id, agentId: change.agentId, agentSession: change.agentSession } : undefined;
    case 'miss':
      return isId(change.agentId) && typeof change.at === 'number' ? { origin, op: 'miss', agentId: change.agentId, at: change.at } : undefined;
    case 'ended':
      return isString(change.id) ? { origin, op: 'ended', id: change.id } : undefined;
    default:
      return undefined;
  }
}
