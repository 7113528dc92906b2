import { describe, expect, it } from 'vitest';
import shipped from '../../screen-definitions/screens/search-results.json';
import { checkDefinition } from './check-definition';
import type { LinkListsDefinition, ScreenDefinition } from './definition-schema';
import { linkDestination, linkItemDetails, linkItemMuted, linkListBody, linkListPage, shownLinkLists, type ResolveLink } from './link-lists';

const definition = shipped as unknown as ScreenDefinition & { linkLists: LinkListsDefinition };
const [accounts, services] = definition.linkLists.lists;
const translate = (key: string) => ({ 'values.accountType.Company': 'Company', 'shell.search.terminated': 'Terminated' })[key] ?? key;
const reasons = (changed: unknown) => checkDefinition(changed, 'search-results').map((problem) => `${problem.path}: ${problem.reason}`);

describe('link lists', () => {
  it('shows a list only to whom its requires lets', () => {
    expect(shownLinkLists(definition.linkLists, []).map((list) => list.id)).toEqual(['accounts']);
    expect(shownLinkLists(definition.linkLists, [{ ObjectType: 'MARKETPLACE', Read: true }]).map((list) => list.id)).toEqual(['accounts', 'services']);
  });

  it('asks the server for a page by its first row and size, and reads whether more follow', () => {
    expect(linkListBody(accounts, { text: 'Contoso' }, 2)).toEqual({ text: 'Contoso', startRow: 50, pageSize: 25 });
    expect(linkListBody(accounts, {}, 0)).toBeUndefined();
    expect(linkListPage(accounts, { Accounts: [{ AccountId: 1 }], HasMore: true }, 2)).toEqual({ rows: [{ AccountId: 1 }], hasMore: true, total: 1 });
  });

  it('pages every row of a client-paged answer in the browser, counting the answer\'s total', () => {
    const rows = Array.from({ length: 30 }, (_, index) => ({ Id: index }));
    expect(linkListBody(services, { text: 'backup' }, 1)).toMatchObject({ limit: 100, options: { DisplayName: 'backup', Source: { Type: 'Root' } } });
    const second = linkListPage(services, { Services: rows, TotalCount: 120 }, 1);
    expect(second.rows.map((row) => row.Id)).toEqual([25, 26, 27, 28, 29]);
    expect(second).toMatchObject({ hasMore: false, total: 120 });
    expect(linkListPage(services, { Services: rows, TotalCount: 120 }, 0).hasMore).toBe(true);
  });

  it('writes the line under an entry from its parts that hold, and mutes by its condition', () => {
    const open = { AccountId: 7, AccountType: 'Company', AccountState: 'Active', UserName: '', Organisation: 'Contoso' };
    expect(linkItemDetails(accounts, open, translate, 'en')).toBe('Company · Contoso · #7');
    expect(linkItemMuted(accounts, open)).toBe(false);
    const closed = { ...open, AccountState: 'Terminated' };
    expect(linkItemDetails(accounts, closed, translate, 'en')).toBe('Company · Terminated · Contoso · #7');
    expect(linkItemMuted(accounts, closed)).toBe(true);
  });

  it('fills a route, or goes where the host resolves a shell link, else its fallback', () => {
    expect(linkDestination(accounts.item.link, { AccountId: 7 }, {}, undefined)).toEqual({ kind: 'route', to: '/account/7' });
    const asked: unknown[] = [];
    const legacy: ResolveLink = (id, params) => {
      asked.push([id, params]);
      return { kind: 'external', href: `https://legacy.example/#/${id}` };
    };
    expect(linkDestination(services.item.link, { Id: 12 }, {}, legacy)).toEqual({ kind: 'external', href: 'https://legacy.example/#/serviceDetail' });
    expect(linkDestination(services.item.link, { Id: 12 }, {}, () => undefined)).toEqual({ kind: 'route', to: '/service/12' });
    linkDestination(services.more!.link, {}, { text: 'Büro' }, legacy);
    expect(asked.at(-1)).toEqual(['exploreSearch', { searchText: Buffer.from('Büro').toString('base64') }]);
    expect(linkDestination(services.more!.link, {}, { text: 'x' }, () => undefined)).toBeUndefined();
  });

  it('the shipped definition passes; the checks refuse what cannot work', () => {
    expect(reasons(shipped)).toEqual([]);
    const broken = structuredClone(shipped) as unknown as { linkLists: { lists: Record<string, unknown>[] } };
    const [first, second] = broken.linkLists.lists as { id: string; item: { link: object; symbol?: string; details: object[] }; source: { paging: { startParam: string } }; requires?: object[] }[];
    second.id = 'accounts';
    first.item.link = { to: '/account/{AccountId}', shellLink: 'accountView' };
    first.item.symbol = 'Apps';
    first.item.details.push({ field: 'UserName', text: 'shell.search.terminated' });
    first.source.paging.startParam = 'firstRow';
    first.requires = [{ objectType: 'BILLING', flag: 'Read' }];
    expect(reasons(broken)).toEqual(
      expect.arrayContaining([
        '$.linkLists.lists[1].id: "accounts" is used twice',
        '$.linkLists.lists[0].item.link: a link names either a route (`to`) or a shell link (`shellLink`)',
        '$.linkLists.lists[0].item: an entry has an `icon` by value or one `symbol`, not both',
        '$.linkLists.lists[0].item.details[5]: a detail is a value (`field`) or a text (`text`)',
        expect.stringContaining('$.linkLists.lists[0].source.paging.startParam: startParam "firstRow" is not a parameter'),
      ]),
    );
  });
});
