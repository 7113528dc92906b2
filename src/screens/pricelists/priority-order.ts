/** The list with the item at `from` moved to `to` (drag and drop, or one up or down); the same list when nothing moves. */
export function movedTo<T>(list: readonly T[], from: number, to: number): readonly T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** What SaveMarketplacePriority stores for an order: 10, 20, 30… (first = highest priority), room to insert by hand. */
export const priorityList = (ids: readonly number[]) => ids.map((id, index) => ({ MarketplaceId: id, Priority: (index + 1) * 10 }));
