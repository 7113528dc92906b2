import { describe, expect, it } from 'vitest';
import type { CobrowseEventData } from '../../contract/realtime';
import { ReplayFeed } from './replay-feed';

const parts = (sessionId: string, batchId: string, events: unknown[], size: number): CobrowseEventData[] => {
  const text = JSON.stringify(events);
  const chunks = Array.from({ length: Math.ceil(text.length / size) }, (_, index) => text.slice(index * size, (index + 1) * size));
  return chunks.map((Chunk, index) => ({ Event: 'CobrowseEvents', SessionId: sessionId, BatchId: batchId, Part: index + 1, Parts: chunks.length, Chunk }));
};

describe('the support person’s feed of relayed events', () => {
  it('joins the parts of each batch, keeps what came before the view, and hands on the watched session only', () => {
    const feed = new ReplayFeed();
    const first = [{ type: 4, timestamp: 1, data: { href: 'x' } }, { type: 2, timestamp: 2, data: { node: {} } }];
    parts('s1', 'b1', first, 7).forEach((frame) => feed.receive(frame));
    parts('other', 'b2', [{ type: 3, timestamp: 3, data: {} }], 7).forEach((frame) => feed.receive(frame));
    const seen: unknown[][] = [];
    let ended = 0;
    feed.attach({ sessionId: 's1', events: (events) => seen.push(events), ended: () => ended++ });
    expect(seen).toEqual([first]);

    const [a, b] = parts('s1', 'b3', [{ type: 3, timestamp: 4, data: { source: 1 } }], 25);
    feed.receive(a);
    expect(seen).toHaveLength(1);
    feed.receive(b);
    expect(seen[1]).toEqual([{ type: 3, timestamp: 4, data: { source: 1 } }]);

    feed.receive({ Event: 'CobrowseEnded', SessionId: 'other', By: 'user' });
    expect(ended).toBe(0);
    feed.receive({ Event: 'CobrowseEnded', SessionId: 's1', By: 'user' });
    expect(ended).toBe(1);
  });
});
