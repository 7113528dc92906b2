/**
 * Propagation filters of a pricelist (spec §3, §5), pure: which services a
 * filter takes, and which filters conflict. An empty vendor selection means
 * every vendor; only one such filter may exist. Two filters conflict when both
 * have an empty vendor selection or when they name a vendor in common.
 */
export interface PropagationFilter {
  id: number | null;
  type: 'Include' | 'Exclude';
  vendorIds: number[];
  includedTags: string[];
  excludedTags: string[];
}

const sameSet = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((value) => b.includes(value));

export function sameFilter(a: PropagationFilter, b: PropagationFilter): boolean {
  return a.type === b.type && sameSet(a.vendorIds, b.vendorIds) && sameSet(a.includedTags, b.includedTags) && sameSet(a.excludedTags, b.excludedTags);
}

export const hasEmptyVendorSelection = (filter: PropagationFilter) => filter.vendorIds.length === 0;

export function filtersConflict(a: PropagationFilter, b: PropagationFilter): boolean {
  if (hasEmptyVendorSelection(a) || hasEmptyVendorSelection(b)) return hasEmptyVendorSelection(a) && hasEmptyVendorSelection(b);
  return a.vendorIds.some((id) => b.vendorIds.includes(id));
}

export type FilterPlan =
  | { kind: 'ok'; save: PropagationFilter[]; deleteIds: number[] }
  | { kind: 'onlyOneEmptyVendor' }
  | { kind: 'conflictWithin' }
  | { kind: 'conflicts'; conflicting: PropagationFilter[] };

/**
 * What saving `submitted` (the whole list the editor shows) over `stored` does.
 * A filter that is new or changed must not conflict with another new or changed
 * one (refused); when it conflicts with filters kept as they were, those are
 * named, and deleted only once the caller confirmed.
 */
export function planFilterSave(stored: readonly PropagationFilter[], submitted: readonly PropagationFilter[], confirmed: boolean): FilterPlan {
  const isKept = (filter: PropagationFilter) => {
    const before = filter.id === null ? undefined : stored.find((candidate) => candidate.id === filter.id);
    return before !== undefined && sameFilter(before, filter);
  };
  const changed = submitted.filter((filter) => !isKept(filter));
  const kept = submitted.filter(isKept);
  if (changed.filter(hasEmptyVendorSelection).length > 1) return { kind: 'onlyOneEmptyVendor' };
  for (let i = 0; i < changed.length; i++) {
    for (let j = i + 1; j < changed.length; j++) if (filtersConflict(changed[i], changed[j])) return { kind: 'conflictWithin' };
  }
  const conflicting = kept.filter((filter) => changed.some((other) => filtersConflict(filter, other)));
  if (conflicting.length > 0 && !confirmed) return { kind: 'conflicts', conflicting };
  const save = submitted.filter((filter) => !conflicting.includes(filter));
  if (save.filter(hasEmptyVendorSelection).length > 1) return { kind: 'onlyOneEmptyVendor' };
  const keptIds = new Set(save.map((filter) => filter.id).filter((id): id is number => id !== null));
  return { kind: 'ok', save, deleteIds: stored.map((filter) => filter.id as number).filter((id) => !keptIds.has(id)) };
}

/**
 * SQL condition over `s` (services) true when any filter takes the service;
 * parameters are appended to `params`. No filter takes nothing.
 */
export function filtersSql(filters: readonly PropagationFilter[], params: unknown[]): string {
  if (filters.length === 0) return 'false';
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  return filters
    .map((filter) => {
      const parts: string[] = [];
      if (filter.vendorIds.length > 0) {
        parts.push(`${filter.type === 'Exclude' ? 'NOT ' : ''}(s.vendor_account_id = ANY(${add(filter.vendorIds)}::bigint[]))`);
      }
      if (filter.includedTags.length > 0) parts.push(`s.tags && ${add(filter.includedTags)}::text[]`);
      if (filter.excludedTags.length > 0) parts.push(`NOT (s.tags && ${add(filter.excludedTags)}::text[])`);
      return parts.length ? `(${parts.join(' AND ')})` : 'true';
    })
    .map((condition) => `(${condition})`)
    .join(' OR ');
}
