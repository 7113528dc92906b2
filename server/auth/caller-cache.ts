import type { Caller } from '../services/context';

/**
 * Resolved callers (session + user + capabilities), kept for one second.
 * Under load almost every call of a session is served without touching the
 * database; a change is visible within a second on other instances, and at
 * once on this one: the dispatcher forgets a user after any call that may
 * write, and handlers that change other users call forgetUser.
 */
export class CallerCache {
  private readonly entries = new Map<string, { caller: Caller; expires: number }>();

  constructor(
    private readonly ttlMs = 1000,
    private readonly now = () => Date.now(),
  ) {}

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

  forgetUser(userId: number): void {
    for (const [sessionId, { caller }] of this.entries) {
      if (caller.loaded.user.UserAccountId === userId || caller.impersonatorId === userId) this.entries.delete(sessionId);
    }
  }

  forgetAll(): void {
    this.entries.clear();
  }

  private pruneExpired(): void {
    const now = this.now();
    for (const [sessionId, entry] of this.entries) if (entry.expires <= now) this.entries.delete(sessionId);
  }
}

/** Methods that only read: calling them cannot change who the caller is or what it may do. */
export const isReadOnlyMethod = (method: string) => /^(Get|List|Load|Search|Has|Export|Ping|Validate|Resolve)/.test(method);
