import { describe, expect, it } from 'vitest';
import { CallerCache, type CallerChange } from './caller-cache';
import type { LoadedUser } from './session-user';
import type { Caller } from '../services/context';

const loadedUser = (userId: number, language = 'en') => ({ scopePath: '1/', user: { UserAccountId: userId, Language: language } }) as unknown as LoadedUser;
const callerOf = (sessionId: string, userId: number, impersonatorId: number | null = null): Caller => ({
  sessionId,
  sessionIdHash: `hash-${sessionId}`,
  impersonatorId,
  loaded: loadedUser(userId),
});

function cacheWithClock() {
  let time = 0;
  const published: CallerChange[] = [];
  const cache = new CallerCache(30_000, () => time);
  cache.connect((change) => published.push(change));
  return { cache, published, advance: (ms: number) => (time += ms) };
}

describe('the caller cache', () => {
  it('serves a caller for 30 seconds, then loads it again', () => {
    const { cache, advance } = cacheWithClock();
    cache.set(callerOf('a', 1));
    advance(29_999);
    expect(cache.get('a')?.loaded.user.UserAccountId).toBe(1);
    advance(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('publishes every forget to the other instances and applies what they publish locally only', () => {
    const { cache, published } = cacheWithClock();
    cache.set(callerOf('a', 1));
    cache.set(callerOf('b', 2, 1));
    cache.set(callerOf('c', 3));
    cache.forgetUser(1);
    // The user's own session and the one it impersonates from go.
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([false, false, true]);
    cache.forgetSession('hash-c');
    expect(cache.get('c')).toBeUndefined();
    expect(published).toEqual([
      { userIds: [1], origin: expect.any(String) },
      { sessionHashes: ['hash-c'], origin: expect.any(String) },
    ]);
    // Delivered back to this instance: nothing more to do (a fresh copy set meanwhile stays).
    cache.set(callerOf('a', 1));
    cache.apply(published[0]);
    expect(cache.get('a')).toBeDefined();

    cache.set(callerOf('d', 4));
    cache.apply({ all: true });
    expect(cache.get('d')).toBeUndefined();
    expect(published).toHaveLength(2);
  });

  it('after a write keeps the reloaded caller when nothing changed, and forgets it everywhere when it did', () => {
    const { cache, published } = cacheWithClock();
    const caller = callerOf('a', 1);
    cache.set(caller);
    cache.refreshAfterWrite(caller, loadedUser(1));
    expect(cache.get('a')).toBeDefined();
    expect(published).toEqual([]);

    cache.set(callerOf('b', 1));
    cache.refreshAfterWrite(cache.get('a')!, loadedUser(1, 'de'));
    // This session keeps the fresh copy; the user's other sessions and other instances load theirs.
    expect(cache.get('a')?.loaded.user.Language).toBe('de');
    expect(cache.get('b')).toBeUndefined();
    expect(published).toEqual([{ userIds: [1], origin: expect.any(String) }]);
  });

  it("sends every instance the new account summary when a write changed only the user's own account, and forgets when rights changed too", () => {
    const { cache, published } = cacheWithClock();
    const other = new CallerCache(30_000, () => 0);
    const events: string[] = [];
    other.observe = (event) => events.push(event);
    const withJobTitle = (loaded: LoadedUser, jobTitle: string) =>
      ({ ...loaded, user: { ...loaded.user, UserAccount: { AccountId: 1, Views: { Values: { JobTitle: jobTitle } } } } }) as unknown as LoadedUser;
    const before = withJobTitle(loadedUser(1), 'Tester');
    const caller = { ...callerOf('a', 1), loaded: before };
    cache.set(caller);
    other.set({ ...callerOf('b', 1), loaded: before });
    other.set({ ...callerOf('c', 2, 1), loaded: loadedUser(2) });

    cache.refreshAfterWrite(caller, withJobTitle(loadedUser(1), 'Lead tester'));
    expect(published).toEqual([{ account: { userId: 1, summary: { AccountId: 1, Views: { Values: { JobTitle: 'Lead tester' } } } }, origin: expect.any(String) }]);
    other.apply(published[0]);
    // The other instance serves the new title without loading the caller; rights and the impersonation session stay.
    expect(other.get('b')?.loaded.user.UserAccount.Views.Values.JobTitle).toBe('Lead tester');
    expect(other.get('c')?.loaded.user.UserAccountId).toBe(2);
    expect(cache.get('a')?.loaded.user.UserAccount.Views.Values.JobTitle).toBe('Lead tester');
    expect(events).toEqual(['patched', 'hit', 'hit']);

    // The title and the language changed: forgotten everywhere, as before.
    const changed = { ...withJobTitle(loadedUser(1, 'de'), 'Manager') };
    cache.refreshAfterWrite(cache.get('a')!, changed);
    expect(published[1]).toEqual({ userIds: [1], origin: expect.any(String) });
    other.apply(published[1]);
    expect(other.get('b')).toBeUndefined();
  });

  it('forgets instead of sending an account summary too large for one notification', () => {
    const { cache, published } = cacheWithClock();
    const large = { ...loadedUser(1), user: { ...loadedUser(1).user, UserAccount: { AccountId: 1, Views: { Values: { Notes: 'x'.repeat(5000) } } } } } as unknown as LoadedUser;
    const caller = callerOf('a', 1);
    cache.set(caller);
    cache.refreshAfterWrite(caller, large);
    expect(published).toEqual([{ userIds: [1], origin: expect.any(String) }]);
  });

  it('does not put back a caller forgotten during the call (a sign-out, a change of rights)', () => {
    const { cache } = cacheWithClock();
    const caller = callerOf('a', 1);
    cache.set(caller);
    cache.forgetSession('hash-a');
    cache.refreshAfterWrite(caller, loadedUser(1));
    expect(cache.get('a')).toBeUndefined();
  });
});
