import { describe, expect, it } from 'vitest';
import { publishServerEvent, subscribeChatQueue, subscribeServerEvents } from './server-events';

const event = (Event: 'DP_UpdateComplete' | 'DP_UpdateProgress', MarketplaceId: number, TimeStamp: string) => ({ Event, MarketplaceId, TimeStamp, JobId: 1, Processed: 1, Total: 1 });

describe('server events', () => {
  it('skips an event older than the last one of the same name and marketplace', () => {
    const seen: string[] = [];
    const stop = subscribeServerEvents((e) => seen.push(`${e.Event}/${e.MarketplaceId}@${e.TimeStamp}`));
    publishServerEvent(event('DP_UpdateComplete', 7, '2026-01-01T10:00:02Z'));
    publishServerEvent(event('DP_UpdateComplete', 7, '2026-01-01T10:00:01Z'));
    publishServerEvent(event('DP_UpdateComplete', 8, '2026-01-01T10:00:01Z'));
    publishServerEvent(event('DP_UpdateProgress', 7, '2026-01-01T10:00:01Z'));
    stop();
    publishServerEvent(event('DP_UpdateComplete', 7, '2026-01-01T10:00:03Z'));
    expect(seen).toEqual(['DP_UpdateComplete/7@2026-01-01T10:00:02Z', 'DP_UpdateComplete/8@2026-01-01T10:00:01Z', 'DP_UpdateProgress/7@2026-01-01T10:00:01Z']);
  });

  it('tells the chat support queue’s listeners, and only them, that the queue changed', () => {
    const pricelists: string[] = [];
    let queue = 0;
    const stopPricelists = subscribeServerEvents((e) => pricelists.push(e.Event));
    const stopQueue = subscribeChatQueue(() => (queue += 1));
    publishServerEvent({ Event: 'ChatQueueChanged', TimeStamp: '2026-01-01T10:00:00Z' });
    publishServerEvent({ Event: 'ChatQueueChanged', TimeStamp: '2026-01-01T10:00:00Z' });
    stopQueue();
    publishServerEvent({ Event: 'ChatQueueChanged', TimeStamp: '2026-01-01T10:00:01Z' });
    stopPricelists();
    expect(queue).toBe(2);
    expect(pricelists).toEqual([]);
  });
});
