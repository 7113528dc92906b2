import { describe, expect, it } from 'vitest';
import { accessOf, menuOf, moveItem, removeItem, withAccess, withColumnHidden, withMenu, withTitle, type ScreenJson } from './screen-panels';

const screen = (): ScreenJson => ({
  id: 'team',
  title: { en: 'Team' },
  access: { anyOf: [{ objectType: 'QUOTATION_TOOL', flag: 'Read' }] },
  columns: [{ field: 'A' }, { field: 'B' }, { field: 'C' }],
  filters: [{ field: 'A' }],
  actions: [{ id: 'open' }],
});

describe('list screen panels', () => {
  it('sets who may open it as Read on any of the chosen capabilities', () => {
    const next = withAccess(screen(), ['COMPANY_ACCOUNT', 'USER_ACCOUNT']);
    expect(next.access).toEqual({ anyOf: [{ objectType: 'COMPANY_ACCOUNT', flag: 'Read' }, { objectType: 'USER_ACCOUNT', flag: 'Read' }] });
    expect(accessOf(next)).toEqual(['COMPANY_ACCOUNT', 'USER_ACCOUNT']);
  });

  it('sets, moves and removes the menu entry', () => {
    expect(withMenu(screen(), 'orders').menu).toEqual({ group: 'orders' });
    expect(withMenu(withMenu(screen(), 'orders'), 'top').menu).toEqual({});
    expect(menuOf(withMenu(screen(), 'top'))).toBe('top');
    expect('menu' in withMenu(withMenu(screen(), 'orders'), '')).toBe(false);
  });

  it('writes the title per language and leaves emptied languages out', () => {
    expect(withTitle(withTitle(screen(), { de: 'Team (de)', fr: 'Équipe' }), { fr: '' }).title).toEqual({ en: 'Team', de: 'Team (de)' });
  });

  it('reorders, hides and removes columns, filters and actions; the last column stays', () => {
    expect(moveItem(screen(), 'columns', 2, -1).columns?.map((column) => column.field)).toEqual(['A', 'C', 'B']);
    expect(withColumnHidden(screen(), 1, true).columns?.[1]).toEqual({ field: 'B', hidden: true });
    expect(withColumnHidden(withColumnHidden(screen(), 1, true), 1, false).columns?.[1]).toEqual({ field: 'B' });
    expect('filters' in removeItem(screen(), 'filters', 0)).toBe(false);
    const one: ScreenJson = { ...screen(), columns: [{ field: 'A' }] };
    expect(removeItem(one, 'columns', 0).columns).toEqual([{ field: 'A' }]);
  });
});
