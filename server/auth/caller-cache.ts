import { randomUUID } from 'node:crypto';
import type { LoadedUser } from './session-user';
import type { Caller } from '../services/context';

/** What every instance must forget: these users' callers, these sessions' callers, or all; `origin` already did. */
export type CallerChange = { userIds?: number[]; sessionHashes?: string[]; all?: true; origin?: string };

/**
 * Resolved callers (session + user + capabilities), kept for 30 seconds. Under load
 * almost every call of a session is served without touching the database, whichever
 * instance it reaches (round-robin costs no more than affinity). That is safe because a
 * change is forgotten on every instance at once: forgetUser, forgetSession and forgetAll
 * publish a `callers` event (PostgreSQL NOTIFY between instances) and each instance
 * applies it locally; the dispatcher reloads the caller after a call that may write and
 * publishes only when what it loaded differs.
 */
export class CallerCache {
  private readonly entries = new Map<string, { caller: Caller; expires: number }>();
  private publish: (change: CallerChange) => void = () => undefined;
  /** Tells this instance's own changes apart when the broadcaster delivers them back. */
  private readonly origin = randomUUID();

  constructor(
    private readonly ttlMs = 30_000,
    private readonly now = () => Date.now(),
  ) {}

  /** Sends every forget to the other instances (attached by the realtime broadcaster). */
  connect(publish: (change: CallerChange) => void): void {
    this.publish = publish;
  }

  get(sessionId: string): Caller | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.expires > this.now()) return entry.caller;
    this.entries.delete(sessionId);
    return undefined;
  }

  set(caller: Caller): void {
    if (this.entries.size > 10_000) this.pruneExpired();
    this.entries.set(caller.sessionId, { caller, expires: this.now() + this.ttlMs });
  }

  /**
   * After a call that may have written: `fresh` is the caller's user as loaded now. A
   * change is forgotten everywhere; otherwise this instance keeps the fresh copy. A caller
   * forgotten during the call (its session ended, its rights changed) is not put back.
   */
  refreshAfterWrite(caller: Caller, fresh: LoadedUser | undefined): void {
    const kept = this.entries.get(caller.sessionId)?.caller === caller;
    if (fresh && JSON.stringify(fresh) === JSON.stringify(caller.loaded)) {
      if (kept) this.set({ ...caller, loaded: fresh });
      return;
    }
    this.forgetUser(caller.loaded.user.UserAccountId);
    // This instance has the fresh copy already; the others load theirs.
    if (fresh && kept) this.set({ ...caller, loaded: fresh });
  }

  forgetUser(userId: number): void {
    this.forget({ userIds: [userId] });
  }

  forgetSession(sessionIdHash: string): void {
    this.forget({ sessionHashes: [sessionIdHash] });
  }

  forgetAll(): void {
    this.forget({ all: true });
  }

  private forget(change: CallerChange): void {
    this.apply(change);
    this.publish({ ...change, origin: this.origin });
  }

  /** A change published by an instance: forgets locally only (this instance's own were applied already). */
  apply(change: CallerChange): void {
    if (change.origin === this.origin) return;
    if (change.all) return this.entries.clear();
    const users = new Set(change.userIds ?? []);
    const sessions = new Set(change.sessionHashes ?? []);
    for (const [sessionId, { caller }] of this.entries) {
      const userId = caller.loaded.user.UserAccountId;
      if (users.has(userId) || (caller.impersonatorId !== null && users.has(caller.impersonatorId)) || sessions.has(caller.sessionIdHash)) {
        this.entries.delete(sessionId);
      }
    }
  }

  private pruneExpired(): void {
    const now = this.now();
    for (const [sessionId, entry] of this.entries) if (entry.expires <= now) this.entries.delete(sessionId);
  }
}

/** Methods that only read: calling them cannot change who the caller is or what it may do. */
export const isReadOnlyMethod = (method: string) => /^(Get|List|Load|Search|Has|Export|Ping|Validate|Resolve)/.test(method);
