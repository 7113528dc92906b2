import { describe, expect, it } from 'vitest';
import { filtersConflict, filtersSql, planFilterSave, type PropagationFilter } from './propagation-filters';

const filter = (id: number | null, vendorIds: number[], type: 'Include' | 'Exclude' = 'Include', tags: Partial<Pick<PropagationFilter, 'includedTags' | 'excludedTags'>> = {}): PropagationFilter => ({
  id,
  type,
  vendorIds,
  includedTags: tags.includedTags ?? [],
  excludedTags: tags.excludedTags ?? [],
});

describe('propagation filters', () => {
  it('conflict when they share a vendor or both leave the vendors empty', () => {
    expect(filtersConflict(filter(1, [1, 2]), filter(2, [2, 3], 'Exclude'))).toBe(true);
    expect(filtersConflict(filter(1, [1]), filter(2, [2]))).toBe(false);
    expect(filtersConflict(filter(1, []), filter(2, [], 'Exclude'))).toBe(true);
    expect(filtersConflict(filter(1, []), filter(2, [2]))).toBe(false);
  });

  it('keeps unchanged filters, names the kept ones a changed filter conflicts with, deletes them once confirmed', () => {
    const stored = [filter(1, [1, 2]), filter(2, [3])];
    expect(planFilterSave(stored, stored, false)).toEqual({ kind: 'ok', save: stored, deleteIds: [] });
    const withNew = [...stored, filter(null, [2])];
    expect(planFilterSave(stored, withNew, false)).toEqual({ kind: 'conflicts', conflicting: [stored[0]] });
    expect(planFilterSave(stored, withNew, true)).toEqual({ kind: 'ok', save: [stored[1], withNew[2]], deleteIds: [1] });
    // A filter left out of the list is deleted.
    expect(planFilterSave(stored, [stored[1]], false)).toEqual({ kind: 'ok', save: [stored[1]], deleteIds: [1] });
  });

  it('refuses two empty vendor selections, and two new filters naming one vendor', () => {
    expect(planFilterSave([], [filter(null, []), filter(null, [], 'Exclude')], true)).toEqual({ kind: 'onlyOneEmptyVendor' });
    expect(planFilterSave([], [filter(null, [4]), filter(null, [4], 'Exclude')], true)).toEqual({ kind: 'conflictWithin' });
    // A new empty filter meets a stored empty one: a conflict to confirm, not a refusal.
    expect(planFilterSave([filter(7, [])], [filter(7, []), filter(null, [], 'Exclude')], false)).toMatchObject({ kind: 'conflicts' });
  });

  it('turns filters into one SQL condition with parameters', () => {
    const params: unknown[] = [42];
    const sql = filtersSql([filter(null, [1, 2], 'Exclude', { includedTags: ['eu'] }), filter(null, [])], params);
    expect(sql).toBe('((NOT (s.vendor_account_id = ANY($2::bigint[])) AND s.tags && $3::text[])) OR (true)');
    expect(params).toEqual([42, [1, 2], ['eu']]);
    expect(filtersSql([], [])).toBe('false');
  });
});
