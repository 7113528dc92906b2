import { describe, expect, it } from 'vitest';
import { movedTo, priorityList } from './priority-order';

describe('pricelist priority order', () => {
  it('moves an item down past the ones after it, and up before the ones before it', () => {
    expect(movedTo(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(movedTo(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
  });

  it('keeps the same list when dropped on itself or outside', () => {
    const list = ['a', 'b'];
    expect(movedTo(list, 1, 1)).toBe(list);
    expect(movedTo(list, 0, 5)).toBe(list);
    expect(movedTo(list, -1, 0)).toBe(list);
  });

  it('numbers the order 10, 20, 30 so that the first wins', () => {
    expect(priorityList([7, 3, 9])).toEqual([
      { MarketplaceId: 7, Priority: 10 },
      { MarketplaceId: 3, Priority: 20 },
      { MarketplaceId: 9, Priority: 30 },
    ]);
  });
});
