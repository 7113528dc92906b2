import { randomUUID } from 'node:crypto';
import type { LoadedUser } from './session-user';
import type { Caller } from './caller';

type UserAccountSummary = LoadedUser['user']['UserAccount'];

/**
 * What every instance must forget: these users' callers, these sessions' callers, or all; `origin`
 * already did. `account` is no forget: the user's own account summary (its views) changed and
 * nothing else of the caller did, so every instance puts the new summary in place.
 */
export type CallerChange = { userIds?: number[]; sessionHashes?: string[]; all?: true; account?: { userId: number; summary: UserAccountSummary }; origin?: string };

/** What the cache did, counted for /metrics (ops/metrics.ts) and the scale-out bench. */
export type CallerCacheEvent = 'hit' | 'miss' | 'forgotten' | 'patched';

/** A summary larger than this is forgotten instead (a NOTIFY payload holds 8000 bytes). */
const MAX_PATCH_BYTES = 4000;

/** The caller's user without its own account summary: what rights, scope, company and language depend on. */
const withoutAccount = (loaded: LoadedUser) => JSON.stringify({ ...loaded, user: { ...loaded.user, UserAccount: undefined } });

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
  /** Told of every hit, miss, forgotten and patched entry (ops/metrics.ts counts them). */
  observe: (event: CallerCacheEvent, count?: number) => void = () => undefined;

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
    if (entry && entry.expires > this.now()) {
      this.observe('hit');
      return entry.caller;
    }
    if (entry) this.entries.delete(sessionId);
    this.observe('miss');
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
   * When only the user's own account summary changed (a save of its own views: a job title,
   * a phone number), every instance is sent the new summary instead of reloading the whole
   * caller: round-robin then costs no more loads than affinity. Two saves racing through two
   * instances may leave the older summary for at most the 30 seconds; rights never travel so.
   */
  refreshAfterWrite(caller: Caller, fresh: LoadedUser | undefined): void {
    const kept = this.entries.get(caller.sessionId)?.caller === caller;
    if (fresh && JSON.stringify(fresh) === JSON.stringify(caller.loaded)) {
      if (kept) this.set({ ...caller, loaded: fresh });
      return;
    }
    const userId = caller.loaded.user.UserAccountId;
    const summary = fresh?.user.UserAccount;
    if (fresh && withoutAccount(fresh) === withoutAccount(caller.loaded) && Buffer.byteLength(JSON.stringify(summary)) <= MAX_PATCH_BYTES) {
      const change: CallerChange = { account: { userId, summary: summary! } };
      this.apply(change);
      this.publish({ ...change, origin: this.origin });
      return;
    }
    this.forgetUser(userId);
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

  /** A change published by an instance: applied locally only (this instance's own were applied already). */
  apply(change: CallerChange): void {
    if (change.origin === this.origin) return;
    if (change.all) {
      this.observe('forgotten', this.entries.size);
      return this.entries.clear();
    }
    if (change.account) this.patchAccount(change.account.userId, change.account.summary);
    const users = new Set(change.userIds ?? []);
    const sessions = new Set(change.sessionHashes ?? []);
    if (!users.size && !sessions.size) return;
    for (const [sessionId, { caller }] of this.entries) {
      const userId = caller.loaded.user.UserAccountId;
      if (users.has(userId) || (caller.impersonatorId !== null && users.has(caller.impersonatorId)) || sessions.has(caller.sessionIdHash)) {
        this.entries.delete(sessionId);
        this.observe('forgotten');
      }
    }
  }

  /** The user's sessions (not those impersonating it: their caller is the other user) get the new summary; their expiry stays. */
  private patchAccount(userId: number, summary: UserAccountSummary): void {
    for (const entry of this.entries.values()) {
      const { caller } = entry;
      if (caller.loaded.user.UserAccountId !== userId) continue;
      entry.caller = { ...caller, loaded: { ...caller.loaded, user: { ...caller.loaded.user, UserAccount: summary } } };
      this.observe('patched');
    }
  }

  private pruneExpired(): void {
    const now = this.now();
    for (const [sessionId, entry] of this.entries) if (entry.expires <= now) this.entries.delete(sessionId);
  }
}
