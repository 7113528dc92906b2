import { describe, expect, it, vi } from 'vitest';
import { InProcessBroadcaster, parseRealtimeEvent, splitForPayload, type RealtimeEvent } from '../../server/realtime/broadcaster';

describe('realtime events between instances', () => {
  it('splits a capability change for many users into NOTIFY-sized parts that together name every user', () => {
    const userIds = Array.from({ length: 5000 }, (_, index) => 100_000 + index);
    const parts = splitForPayload({ kind: 'capabilities', userIds }, 7000);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(JSON.stringify(part))).toBeLessThanOrEqual(7000);
    expect(parts.flatMap((part) => (part.kind === 'capabilities' ? part.userIds : []))).toEqual(userIds);
    const small: RealtimeEvent = { kind: 'message', text: 'hi', scopePath: '1' };
    expect(splitForPayload(small, 7000)).toEqual([small]);
  });

  it('accepts only well-formed events from a notification', () => {
    expect(parseRealtimeEvent('{"kind":"maintenance","schedule":{"mode":"scheduled","startsAt":5}}')).toEqual({
      kind: 'maintenance',
      schedule: { mode: 'scheduled', startsAt: 5 },
    });
    expect(parseRealtimeEvent('{"kind":"message","text":"x","scopePath":"1","userIds":[3]}')).toEqual({ kind: 'message', text: 'x', scopePath: '1', userIds: [3] });
    // Issue 38: a chat conversation's news (its id and its user's path, nothing said in it).
    expect(parseRealtimeEvent('{"kind":"chat","conversationId":"c1","userPath":"1/2/5","queue":true,"text":"leak"}')).toEqual({ kind: 'chat', conversationId: 'c1', userPath: '1/2/5', queue: true });
    for (const bad of ['nope', '{"kind":"capabilities","userIds":["1"]}', '{"kind":"maintenance","schedule":{"mode":"later"}}', '{"kind":"message","text":1,"scopePath":"1"}', '{"kind":"drop"}', '{"kind":"chat","conversationId":5,"userPath":"1"}']) {
      expect(parseRealtimeEvent(bad), bad).toBeUndefined();
    }
  });

  it("accepts a user's new account summary only as that user's (server/auth/caller-cache.ts puts it in place)", () => {
    const summary = { AccountId: 7, AccountType: 'User', Views: { Values: { JobTitle: 'Lead' } } };
    expect(parseRealtimeEvent(JSON.stringify({ kind: 'callers', account: { userId: 7, summary }, origin: 'o' }))).toEqual({ kind: 'callers', account: { userId: 7, summary }, origin: 'o' });
    for (const account of [{ userId: 8, summary }, { userId: '7', summary: { ...summary, AccountId: '7' } }, { userId: 7 }, { userId: 7, summary: 'x' }]) {
      expect(parseRealtimeEvent(JSON.stringify({ kind: 'callers', account })), JSON.stringify(account)).toBeUndefined();
    }
  });

  it('delivers in-process events asynchronously to every subscriber until unsubscribed', async () => {
    const broadcaster = new InProcessBroadcaster();
    const first = vi.fn();
    const second = vi.fn();
    const unsubscribe = broadcaster.subscribe(first);
    broadcaster.subscribe(second);
    await broadcaster.publish({ kind: 'capabilities', userIds: [1] });
    expect(first).not.toHaveBeenCalled();
    await new Promise((resolve) => setImmediate(resolve));
    expect(first).toHaveBeenCalledOnce();
    unsubscribe();
    await broadcaster.publish({ kind: 'capabilities', userIds: [2] });
    await new Promise((resolve) => setImmediate(resolve));
    expect(first).toHaveBeenCalledOnce();
    expect(second).toHaveBeenCalledTimes(2);
  });
});
