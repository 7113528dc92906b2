/**
 * `npm run definitions:coverage` (issue 22): every route claims what draws its
 * body, and each claim holds against the code — a false claim fails here.
 */
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/router/routes';
import { coverageOf, routeModules, shareOf, verifyClaim } from '../../scripts/route-coverage';

describe('definitions coverage', () => {
  const rows = coverageOf(appRoutes);

  it('finds the screen module of every route, mapped groups included', () => {
    expect(routeModules()).toHaveLength(appRoutes.length);
    expect(rows.find((row) => row.path === '/provisioning')?.module).toBe('src/screens/provisioning/ProvisioningScreen.tsx');
    expect(rows.find((row) => row.path === '/account/new/user')?.module).toBe('src/screens/account/CreateAccountScreen.tsx');
  });

  it('every route makes a claim and every claim holds', () => {
    expect(rows.filter((row) => row.problem).map((row) => `${row.path}: ${row.problem}`)).toEqual([]);
  });

  it('refuses false claims: a missing definition, a module that never reaches the renderer or never names the id', () => {
    expect(verifyClaim({ definition: 'no-such-screen' }, 'src/screens/provisioning/ProvisioningScreen.tsx')).toMatch(/no screen-definitions\/no-such-screen\.json/);
    expect(verifyClaim({ definition: 'provisioning' }, 'src/screens/dashboard/DashboardScreen.tsx')).toMatch(/does not reach renderers\/grids\/DefinedGrid\.tsx/);
    expect(verifyClaim({ definition: 'credit-check-review' }, 'src/screens/provisioning/ProvisioningScreen.tsx')).toMatch(/never names 'credit-check-review'/);
    expect(verifyClaim({ layout: 'accounts/*' }, 'src/screens/dashboard/DashboardScreen.tsx')).toMatch(/reaches neither/);
    expect(verifyClaim({ layout: 'nowhere/*' }, 'src/screens/account/AccountScreen.tsx')).toMatch(/no server\/layouts\/nowhere/);
    expect(verifyClaim({ code: ' ' }, 'src/screens/dashboard/DashboardScreen.tsx')).toMatch(/reason/);
  });

  it('counts the sign-in, MFA and password pages apart', () => {
    const share = shareOf(rows);
    expect(share.counted).toBe(rows.filter((row) => row.kind !== 'signIn').length);
    expect(rows.find((row) => row.path === '/login')?.kind).toBe('signIn');
    expect(share.percent).toBeGreaterThan(0);
  });
});
