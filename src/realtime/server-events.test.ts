import { describe, expect, it } from 'vitest';
import { publishServerEvent, subscribeServerEvents } from './server-events';

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
});
