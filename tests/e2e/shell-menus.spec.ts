/**
 * Spec §6: which entry each demo user sees in the profile menu, the footer's
 * New menu and the header. Entries are asserted both ways (present AND
 * absent). With the legacy app configured every entry of §2 has a target; in
 * the default setup only those with a screen in this portal's route table.
 */
import { expect, test, type Page } from '@playwright/test';
import { appRoutes } from '../../src/router/routes';
import { callFromPage, signIn, withBranding } from './shell-support';

const hasScreen = (path: string) => appRoutes.some((route) => route.path.replace(/:\w+/g, ':') === path.replace(/:\w+/g, ':'));

/** Profile menu entries: the portal screen each could open ('' = legacy app only). */
const PROFILE_ENTRIES: Record<string, string> = {
  accounts: '/accounts/:accountId?',
  provisioning: '/provisioning',
  myOrders: '/orders/my-orders',
  myImports: '/provisioning/my-imports',
  requestReview: '/orders/request-review',
  myQuotes: '/quotes',
  customerQuotes: '/quotes/customers',
  salesQuotes: '',
  explore: '/explore',
  pricelists: '/pricelists',
  serviceTool: '/service-tool',
  vendorProfile: '',
  reports: '/reports',
  pricingRules: '/pricing-rules',
  dashboardManager: '',
  notifications: '/account/:id/:subPage',
  adminConsole: '/admin-console/:methodName?',
  studio: '/studio',
};
const LEGACY_ENTRIES = new Set(['accounts', 'myQuotes', 'customerQuotes', 'salesQuotes', 'explore', 'serviceTool', 'vendorProfile', 'reports', 'dashboardManager', 'notifications']);

const NEW_ENTRIES = ['newService', 'newUser', 'newDepartment', 'newCompany', 'newReseller', 'newImport'];
const NEW_SCREENS: Record<string, string> = {
  newService: '/account/new/:accountType',
  newUser: '/account/new/:accountType',
  newDepartment: '/account/new/:accountType',
  newCompany: '/account/new/:accountType',
  newReseller: '/account/new/:accountType',
  newImport: '/provisioning/my-imports',
};

/** What spec §6 grants each demo user (their roles in server/seed/demo-users.ts). */
const GRANTED: Record<string, { profile: string[]; create: string[]; support: boolean; contacts: boolean; impersonate: boolean }> = {
  'root.admin': { profile: Object.keys(PROFILE_ENTRIES), create: NEW_ENTRIES, support: true, contacts: true, impersonate: true },
  'company.admin': {
    profile: ['accounts', 'provisioning', 'myOrders', 'myImports', 'myQuotes', 'explore', 'pricelists', 'reports', 'notifications'],
    create: ['newService', 'newUser', 'newDepartment', 'newImport'],
    support: true,
    contacts: true,
    impersonate: false,
  },
  'basic.user': { profile: ['accounts'], create: [], support: false, contacts: false, impersonate: false },
};

async function visibleEntries(page: Page, prefix: string, ids: string[]): Promise<string[]> {
  const shown: string[] = [];
  for (const id of ids) if ((await page.getByTestId(`${prefix}${id}`).count()) > 0) shown.push(id);
  return shown;
}

for (const legacy of [false, true]) {
  for (const [userName, granted] of Object.entries(GRANTED)) {
    test(`${userName} sees exactly the entries of spec §6 ${legacy ? 'with the legacy app' : 'in the default setup'}`, async ({ page }) => {
      if (legacy) await withBranding(page, { legacy_app_url: 'https://main.portal.example' });
      await signIn(page, userName);

      // Header: support menu (wiki Read plus a support address) and terms for everyone.
      await expect(page.getByTestId('support-menu-button')).toHaveCount(granted.support ? 1 : 0);
      await expect(page.getByTestId('terms-menu-button')).toBeVisible();
      await expect(page.getByTestId('language-menu-button')).toBeVisible();
      // Footer: contact link with support contact details Read.
      await expect(page.getByTestId('contact-support')).toHaveCount(granted.contacts ? 1 : 0);

      await page.getByTestId('profile-menu-button').click();
      await expect(page.getByTestId('sign-out')).toBeVisible();
      const expected = Object.keys(PROFILE_ENTRIES).filter(
        (id) => granted.profile.includes(id) && ((legacy && LEGACY_ENTRIES.has(id)) || (PROFILE_ENTRIES[id] !== '' && hasScreen(PROFILE_ENTRIES[id]))),
      );
      expect(await visibleEntries(page, 'menu-', Object.keys(PROFILE_ENTRIES))).toEqual(expected);
      await expect(page.getByTestId('menu-change-password')).toBeVisible();
      await expect(page.getByTestId('menu-theme')).toBeVisible();
      await expect(page.getByTestId('menu-impersonate')).toHaveCount(granted.impersonate ? 1 : 0);
      await expect(page.getByTestId('menu-unimpersonate')).toHaveCount(0);
      if (legacy && granted.profile.includes('reports')) {
        await expect(page.getByTestId('menu-reports')).toHaveAttribute('href', 'https://main.portal.example/#/Reports');
      }
      await page.keyboard.press('Escape');

      const expectedNew = NEW_ENTRIES.filter((id) => granted.create.includes(id) && (legacy || hasScreen(NEW_SCREENS[id])));
      const newButton = page.getByTestId('new-menu-button');
      if (expectedNew.length === 0) {
        await expect(newButton).toBeDisabled();
      } else {
        await newButton.click();
        await expect(page.getByTestId(`new-${expectedNew[0]}`)).toBeVisible();
        expect(await visibleEntries(page, 'new-', NEW_ENTRIES)).toEqual(expectedNew);
        await page.keyboard.press('Escape');
      }
    });
  }
}

test('change password is hidden while impersonating, and Unimpersonate is offered instead', async ({ page }) => {
  await signIn(page, 'root.admin');
  const found = await callFromPage<{ AccountId: number; AccountType: string }[]>(page, 'Account', 'SearchAccount', { text: 'Harry Walsh' });
  const harry = found.body.find((account) => account.AccountType === 'User');
  const impersonated = (await callFromPage(page, 'Authorization', 'Impersonate', { userAccountId: harry?.AccountId ?? 0 })).status;
  expect(impersonated).toBe(200);
  await page.goto('/v/#/');
  await page.reload();
  await expect(page.getByTestId('impersonation-marker')).toBeVisible();
  await page.getByTestId('profile-menu-button').click();
  await expect(page.getByTestId('menu-unimpersonate')).toBeVisible();
  await expect(page.getByTestId('menu-change-password')).toHaveCount(0);
  await expect(page.getByTestId('menu-impersonate')).toHaveCount(0);
});
