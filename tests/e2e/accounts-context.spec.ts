/**
 * Issue 16, accounts and context: root.admin walks the hierarchy down on /accounts to
 * Contoso and a Contoso user, creates a second user under Contoso from there with the
 * footer's New menu (whose role list holds no platform or reseller roles), and finds the
 * new user under Contoso. Screenshots of /accounts in English and German, light and dark.
 * The rules themselves are API tests (tests/api/accounts-context.test.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { serviceCall, signInAs } from './account-support';
import { SHOTS } from './shots';

test.setTimeout(300_000);

interface TreeLevel {
  Account: { AccountId: number };
  Children: { AccountId: number; DisplayName: string }[];
}

async function childId(page: Page, parentId: number, name: string): Promise<number> {
  const tree = await serviceCall<TreeLevel>(page.request, 'Account', 'GetAccountTree', { accountId: parentId });
  const found = tree.body.Children.find((child) => child.DisplayName === name);
  if (!found) throw new Error(`no ${name} below ${parentId}`);
  return found.AccountId;
}

/** A grid row by the name it shows; clicked on a plain cell (the name is a link to the account page). */
const gridRow = (page: Page, name: string) => page.getByTestId('accounts-selected').locator('.ag-row', { hasText: name }).first();

test('root.admin walks down to a Contoso user and creates a second Contoso user from there', async ({ page }) => {
  await signInAs(page, 'root.admin');
  const me = await serviceCall<{ AccountPath: string }>(page.request, 'Authorization', 'GetCurrentUser');
  const rootId = Number(me.body.AccountPath.split('/').at(-1));
  const northwind = await childId(page, rootId, 'Northwind Cloud');
  const contoso = await childId(page, northwind, 'Contoso Ltd');
  const olivia = await childId(page, contoso, 'Olivia Bennett');

  // Tall enough that the grid draws all of Contoso's children at once.
  await page.setViewportSize({ width: 1440, height: 1800 });
  await page.goto('/v/#/accounts');
  const tree = page.getByTestId('accounts-tree');
  await expect(tree.getByTestId(`tree-node-${northwind}`)).toBeVisible({ timeout: 30_000 });
  await page.getByTestId(`tree-toggle-${northwind}`).click();
  await tree.getByTestId(`tree-node-${contoso}`).getByRole('link', { name: 'Contoso Ltd' }).click();
  await expect(page).toHaveURL(new RegExp(`#/accounts/${contoso}$`));
  await expect(page.getByTestId('accounts-selected-name')).toHaveText('Contoso Ltd', { timeout: 20_000 });
  await expect(tree.getByTestId(`tree-node-${contoso}`)).toHaveAttribute('aria-current', 'true');
  await expect(gridRow(page, 'Olivia Bennett')).toBeVisible({ timeout: 20_000 });
  await expect(gridRow(page, 'Engineering')).toContainText('Department');

  // Down to a Contoso user from the grid.
  await gridRow(page, 'Olivia Bennett').locator('[col-id="AccountType"]').click();
  await expect(page).toHaveURL(new RegExp(`#/accounts/${olivia}$`));
  await expect(page.getByTestId('accounts-selected-name')).toHaveText('Olivia Bennett', { timeout: 20_000 });
  await expect(page.getByTestId('accounts-breadcrumbs')).toContainText('Contoso Ltd');

  // The footer's New → User creates under the user's company, not under the platform.
  await page.getByTestId('new-menu-button').click();
  await page.getByTestId('new-newUser').click();
  await expect(page).toHaveURL(new RegExp(`#/account/${contoso}/new/user$`));
  await expect(page.getByText('Parent account: Contoso Ltd')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('textbox', { name: 'First name' }).fill('Nora');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Quist');
  await page.getByRole('textbox', { name: 'Email address' }).fill('nora.quist@contoso.example');
  await page.getByTestId('form-page-SignIn').click();
  await page.getByRole('textbox', { name: 'User name' }).fill('nora.quist');
  const role = page.getByRole('combobox', { name: 'Role', exact: true });
  await role.click();
  const options = page.getByRole('option');
  await expect(options.filter({ hasText: 'Basic user' })).toHaveCount(1);
  const offered = await options.allTextContents();
  expect(offered).toEqual(expect.arrayContaining(['Basic user', 'Company administrator']));
  expect(offered).not.toContain('Platform administrator');
  expect(offered).not.toContain('Reseller administrator');
  expect(offered).not.toContain('Account manager');
  await page.screenshot({ path: `${SHOTS}/accounts-new-user-roles.png`, fullPage: true });
  await page.getByRole('option', { name: 'Basic user', exact: true }).click();
  await page.getByTestId('form-save').click();
  await expect(page.getByTestId('account-name')).toHaveText('Nora Quist', { timeout: 20_000 });
  await expect(page.getByTestId('account-hierarchy')).toContainText('Contoso Ltd');

  // The new user is a child of Contoso on the accounts screen.
  await page.goto(`/v/#/accounts/${contoso}`);
  await expect(gridRow(page, 'Nora Quist')).toBeVisible({ timeout: 20_000 });
  await expect(gridRow(page, 'Nora Quist')).toContainText('User');
});

test('the accounts screen in English and German, light and dark', async ({ page }) => {
  await signInAs(page, 'root.admin');
  const me = await serviceCall<{ AccountPath: string }>(page.request, 'Authorization', 'GetCurrentUser');
  const northwind = await childId(page, Number(me.body.AccountPath.split('/').at(-1)), 'Northwind Cloud');
  const contoso = await childId(page, northwind, 'Contoso Ltd');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/v/#/accounts/${contoso}`);
  for (const [locale, mode] of [['en', 'light'], ['en', 'dark'], ['de', 'light'], ['de', 'dark']] as const) {
    await page.evaluate(([lang, theme]) => {
      localStorage.setItem('locale', lang);
      localStorage.setItem('themeMode', theme);
    }, [locale, mode]);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(locale === 'de' ? 'Konten und Abonnements' : 'Accounts and subscriptions', { timeout: 60_000 });
    await expect(page.getByTestId('accounts-selected-name')).toHaveText('Contoso Ltd', { timeout: 30_000 });
    await expect(gridRow(page, 'Engineering')).toContainText(locale === 'de' ? 'Abteilung' : 'Department', { timeout: 20_000 });
    await page.screenshot({ path: `${SHOTS}/accounts-${locale}-${mode}.png` });
  }
});

test('Enter in the header search opens the results page; a service hit opens the service', async ({ page }) => {
  await signInAs(page, 'root.admin');
  await page.goto('/v/#/');
  const search = page.getByTestId('global-search');
  await search.fill('Contoso');
  await expect(page.getByTestId('search-account').first()).toBeVisible({ timeout: 20_000 });
  await search.press('Enter');
  await expect(page).toHaveURL(/#\/search\/Contoso$/);
  await expect(page.getByTestId('search-result-account').filter({ hasText: 'Contoso Ltd' })).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/search-results-en.png`, fullPage: true });

  await search.fill('Backup');
  await search.press('Enter');
  await expect(page).toHaveURL(/#\/search\/Backup$/);
  const service = page.getByTestId('search-result-service').first();
  await expect(service).toBeVisible({ timeout: 20_000 });
  await service.click();
  await expect(page).toHaveURL(/#\/service\/\d+$/);
});
