import { describe, expect, it } from 'vitest';
import { createShellLinkResolver, SHELL_LINKS } from './links';

const routes = [{ path: '/' }, { path: '/account/:id' }, { path: '/service/:serviceId' }, { path: '*' }];

describe('shell links', () => {
  it('go to the legacy app when it is configured, with parameters encoded', () => {
    const resolve = createShellLinkResolver({ legacyAppUrl: 'https://main.example/portal/', routes, capabilities: [] });
    expect(resolve('dashboard')).toEqual({ kind: 'external', href: 'https://main.example/portal/#/Dashboard' });
    expect(resolve('accountView', { accountId: 42 })).toEqual({ kind: 'external', href: 'https://main.example/portal/#/Account/View/42' });
    expect(resolve('exploreSearch', { searchText: 'YS9i' })).toEqual({
      kind: 'external',
      href: 'https://main.example/portal/#/Marketplace/Explore/p:1;l:20;st:Root;ord:Ranking,ASC;n:YS9i',
    });
    // Links of the new app itself stay in the app.
    expect(resolve('serviceDetail', { serviceId: 5 })).toEqual({ kind: 'route', to: '/service/5' });
  });

  it("go to this portal's own screen without the legacy app, and nowhere when it has none", () => {
    const resolve = createShellLinkResolver({ legacyAppUrl: undefined, routes, capabilities: [] });
    expect(resolve('dashboard')).toEqual({ kind: 'route', to: '/' });
    expect(resolve('accountView', { accountId: 42 })).toEqual({ kind: 'route', to: '/account/42' });
    expect(resolve('reports')).toBeUndefined();
    expect(resolve('pricelists')).toBeUndefined();
    // /account/new/user is not the account screen with id "new".
    expect(resolve('newUser')).toBeUndefined();
  });

  it('never builds a link with a missing parameter', () => {
    const resolve = createShellLinkResolver({ legacyAppUrl: 'https://main.example', routes, capabilities: [] });
    expect(resolve('accountView')).toBeUndefined();
    expect(createShellLinkResolver({ legacyAppUrl: undefined, routes, capabilities: [] })('accountView')).toBeUndefined();
  });

  it('cover every link of spec §2 with a legacy route or a portal screen', () => {
    for (const [id, link] of Object.entries(SHELL_LINKS)) {
      expect('legacy' in link || 'portal' in link, id).toBe(true);
    }
  });
});

describe('shell links to sub-pages', () => {
  it('find a screen served by a route with a sub-page parameter', () => {
    const resolve = createShellLinkResolver({ legacyAppUrl: undefined, routes: [{ path: '/account/:accountId/:subPage' }], capabilities: [] });
    expect(resolve('accountNotifications', { accountId: 9 })).toEqual({ kind: 'route', to: '/account/9/notifications' });
  });
});
