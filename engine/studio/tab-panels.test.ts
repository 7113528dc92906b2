import { describe, expect, it } from 'vitest';
import type { LayoutJson } from './layout-json';
import { freeTabPath, tabsOf, tabTitles, withNewTab, withoutTab, withTabMoved, withTabProperty, withTabTitle } from './tab-panels';

const company = (): LayoutJson => ({
  AccountType: 'Company',
  Pages: [{ Id: 1, Name: 'Details', Label: 'company.page', Containers: [] }],
  Tabs: [
    { Path: '', Host: 'accountDetails' },
    { Path: 'accounts', Label: 'accountsScreen.title', Definition: 'account-children' },
  ],
  Texts: { en: { 'company.page': 'Details' } },
});

describe('the account page’s tabs in the studio', () => {
  it('reads a layout without Tabs as the details tab alone', () => {
    expect(tabsOf({ Pages: [] })).toEqual([{ Path: '', Host: 'accountDetails' }]);
  });

  it('adds a list tab at the end with a path of its own and its English title under a key of the layout', () => {
    const next = withNewTab(company(), { Definition: 'webhooks' }, 'Webhooks');
    expect(tabsOf(next).at(-1)).toEqual({ Path: 'webhooks', Label: 'studio.tab.webhooks', Definition: 'webhooks' });
    expect(next.Texts?.en['studio.tab.webhooks']).toBe('Webhooks');
    const again = withNewTab(next, { Definition: 'webhooks' }, 'Webhooks');
    expect(tabsOf(again).map((tab) => tab.Path)).toEqual(['', 'accounts', 'webhooks', 'webhooks-2']);
    expect(tabsOf(again).at(-1)?.Label).toBe('studio.tab.webhooks-2');
  });

  it('makes paths the route accepts from any title', () => {
    expect(freeTabPath(company(), 'Contracts & Terms 2026')).toBe('contracts-terms-2026');
    expect(freeTabPath(company(), '2026 plans')).toBe('plans');
    expect(freeTabPath(company(), '!!!')).toBe('tab');
    expect(freeTabPath(company(), 'Accounts')).toBe('accounts-2');
  });

  it('moves a tab by one place and not past either end', () => {
    const moved = withTabMoved(company(), 1, -1);
    expect(tabsOf(moved).map((tab) => tab.Path)).toEqual(['accounts', '']);
    expect(withTabMoved(company(), 1, 1)).toEqual(company());
    expect(withTabMoved(company(), 0, -1)).toEqual(company());
  });

  it('removes a tab with the texts only it used, and never the last one', () => {
    const added = withNewTab(company(), { Definition: 'webhooks' }, 'Webhooks');
    const removed = withoutTab(added, 2);
    expect(tabsOf(removed).map((tab) => tab.Path)).toEqual(['', 'accounts']);
    expect(removed.Texts?.en).toEqual({ 'company.page': 'Details' });
    const single: LayoutJson = { Pages: [], Tabs: [{ Path: '', Host: 'accountDetails' }] };
    expect(withoutTab(single, 0)).toBe(single);
  });

  it('says who sees a tab, and leaves Requires out when nobody is named', () => {
    const shown = withTabProperty(company(), 1, 'Requires', [{ ObjectType: 'WEBHOOKS', Flag: 'Read' }]);
    expect(tabsOf(shown)[1].Requires).toEqual([{ ObjectType: 'WEBHOOKS', Flag: 'Read' }]);
    expect('Requires' in tabsOf(withTabProperty(shown, 1, 'Requires', []))[1]).toBe(false);
  });

  it('retitles a tab per language under a key of its own, not the shared key other types use', () => {
    const titled = withTabTitle(company(), 1, { en: 'Sub-accounts', de: 'Unterkonten' });
    expect(tabsOf(titled)[1].Label).toBe('studio.tab.accounts');
    expect(tabTitles(titled, 1)).toEqual({ en: 'Sub-accounts', de: 'Unterkonten' });
    const german = withTabTitle(titled, 1, { de: 'Konten' });
    expect(tabTitles(german, 1)).toEqual({ en: 'Sub-accounts', de: 'Konten' });
    expect(tabsOf(german)[1].Label).toBe('studio.tab.accounts');
  });

  it('lets a new tab’s path follow its English title until the path is set by hand; a shipped tab’s path stays', () => {
    const added = withNewTab(company(), {}, 'New tab');
    expect(tabsOf(added)[2].Path).toBe('new-tab');
    const named = withTabTitle(added, 2, { en: 'Webhooks' });
    expect(tabsOf(named)[2]).toMatchObject({ Path: 'webhooks', Label: 'studio.tab.new-tab' });
    const german = withTabTitle(named, 2, { de: 'Webhooks des Kontos' });
    expect(tabsOf(german)[2].Path).toBe('webhooks');
    const byHand = withTabProperty(named, 2, 'Path', 'hooks');
    expect(tabsOf(withTabTitle(byHand, 2, { en: 'Endpoints' }))[2].Path).toBe('hooks');
    expect(tabsOf(withTabTitle(company(), 1, { en: 'Sub-accounts' }))[1].Path).toBe('accounts');
    // Never onto another tab's path.
    expect(tabsOf(withTabTitle(added, 2, { en: 'Accounts' }))[2].Path).toBe('accounts-2');
  });
});
