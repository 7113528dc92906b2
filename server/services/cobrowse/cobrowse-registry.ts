/**
 * The open co-browse sessions of this instance's view (issue 38), in memory only: a session is
 * forgotten when it ends, an unused code when it expires. Wrong codes are counted per agent; five
 * within the window lock joining for the rest of it. Only ids, paths, session hashes and a hash of
 * the code are kept here, never anything recorded.
 */
import { COBROWSE_CODE_TTL_MS, COBROWSE_LOCK_WINDOW_MS, COBROWSE_MAX_SESSION_MS, COBROWSE_MAX_WRONG_CODES } from '../../../contract/services/cobrowse';
import type { CobrowseChange, CobrowseSessionInfo } from './cobrowse-change';

export interface CobrowseSession extends CobrowseSessionInfo {
  agentId?: number;
  agentSession?: string;
}

export type CodeLookup = { state: 'unknown' } | { state: 'used' } | { state: 'open'; session: CobrowseSession };

export class CobrowseRegistry {
  private readonly sessions = new Map<string, CobrowseSession>();
  /** Codes that were used, until they would have expired: a second use is told apart from a guess. */
  private readonly usedCodes = new Map<string, number>();
  private readonly misses = new Map<number, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  apply(change: CobrowseChange): void {
    switch (change.op) {
      case 'started':
        this.sessions.set(change.session.id, { ...change.session });
        return;
      case 'joined': {
        const session = this.sessions.get(change.id);
        if (!session) return;
        session.agentId = change.agentId;
        session.agentSession = change.agentSession;
        this.usedCodes.set(session.codeHash, session.expiresAt);
        return;
      }
      case 'miss':
        this.misses.set(change.agentId, [...this.recentMisses(change.agentId), change.at]);
        return;
      case 'ended':
        this.sessions.delete(change.id);
    }
  }

  get(id: string): CobrowseSession | undefined {
    return this.sessions.get(id);
  }

  /** The session a code opens now: unknown (or expired), already used, or open for joining. */
  lookup(codeHash: string): CodeLookup {
    this.sweep();
    if (this.usedCodes.has(codeHash)) return { state: 'used' };
    const session = [...this.sessions.values()].find((candidate) => candidate.codeHash === codeHash && candidate.agentId === undefined);
    return session ? { state: 'open', session } : { state: 'unknown' };
  }

  /** Whether a code is taken now (a new code must differ from every open or used one). */
  codeTaken(codeHash: string): boolean {
    return this.lookup(codeHash).state !== 'unknown';
  }

  /** The open sessions of one user session (a new start ends them). */
  sessionsOfUserSession(userSession: string): CobrowseSession[] {
    return [...this.sessions.values()].filter((session) => session.userSession === userSession);
  }

  /** Until when the agent may not join (epoch ms), or undefined. */
  lockedUntil(agentId: number): number | undefined {
    const recent = this.recentMisses(agentId);
    return recent.length >= COBROWSE_MAX_WRONG_CODES ? recent[recent.length - COBROWSE_MAX_WRONG_CODES] + COBROWSE_LOCK_WINDOW_MS : undefined;
  }

  private recentMisses(agentId: number): number[] {
    const since = this.now() - COBROWSE_LOCK_WINDOW_MS;
    return (this.misses.get(agentId) ?? []).filter((at) => at > since);
  }

  /** Forgets expired unused codes, sessions left without Stop, used codes past their time and old wrong tries. */
  sweep(): void {
    const now = this.now();
    for (const [id, session] of this.sessions) {
      const startedAt = session.expiresAt - COBROWSE_CODE_TTL_MS;
      if ((session.agentId === undefined && session.expiresAt <= now) || startedAt + COBROWSE_MAX_SESSION_MS <= now) this.sessions.delete(id);
    }
    for (const [hash, expiresAt] of this.usedCodes) if (expiresAt <= now) this.usedCodes.delete(hash);
    for (const agentId of [...this.misses.keys()]) {
      const recent = this.recentMisses(agentId);
      if (recent.length === 0) this.misses.delete(agentId);
      else this.misses.set(agentId, recent);
    }
  }
}
