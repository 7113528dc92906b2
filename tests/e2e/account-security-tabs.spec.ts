/**
 * The security tabs of an account: an organisation's capability sets and roles,
 * and a user's roles plus, on one's own account, the way to one's sign-in methods.
 */
import { expect, test } from '@playwright/test';
import { companyIdOf, serviceCall, signInAs } from './account-support';
import { SHOTS } from './shots';

test.setTimeout(60_000);

test('company.admin sees the capability sets and roles of the company, and the roles of a user', async ({ page }) => {
  await signInAs(page, 'company.admin');
  const contosoId = await companyIdOf(page);
  await page.goto(`/v/#/account/${contosoId}/security`);
  const tab = page.getByTestId('account-subpage-security');
  // A first visit loads the app, the account and the tab's code: slow on a busy CI machine.
  await expect(tab).toBeVisible({ timeout: 20_000 });
  await expect(tab.getByTestId('capability-sets').locator('.ag-row').first()).toBeVisible();
  await expect(tab.getByTestId('roles').locator('.ag-row').first()).toBeVisible();
  // One's own company: no Move or Terminate of itself, and only the roles meant for a company.
  await expect(page.getByTestId('account-action-move')).toHaveCount(0);
  await expect(page.getByTestId('account-action-terminate')).toHaveCount(0);
  await expect(tab.getByTestId('roles').locator('.ag-row').filter({ hasText: 'Company administrator' })).toBeVisible();
  await expect(tab.getByTestId('roles').locator('.ag-row').filter({ hasText: /Platform administrator|Reseller administrator/ })).toHaveCount(0);
  // Each set says how many flags it grants, each role how many sets it holds (computed from the lists the grids read).
  const countIn = (grid: string, row: string, column: string) => tab.getByTestId(grid).locator('.ag-row').filter({ hasText: row }).locator(`[col-id="${column}"]`);
  await expect(countIn('capability-sets', 'Company administration', 'GrantCount')).toHaveText(/^[1-9]\d*$/);
  await expect(countIn('roles', 'Company administrator', 'SetCount')).toHaveText(/^[1-9]\d*$/);
  await page.screenshot({ path: `${SHOTS}/account-security.png` });

  const me = await serviceCall<{ UserAccountId: number }>(page.request, 'Authorization', 'GetCurrentUser');
  await page.goto(`/v/#/account/${me.body.UserAccountId}/user-security`);
  const userTab = page.getByTestId('account-subpage-user-security');
  await expect(userTab).toBeVisible({ timeout: 20_000 });
  await expect(userTab.getByTestId('user-roles')).toBeVisible();
  await expect(userTab.getByTestId('user-roles').getByRole('checkbox', { checked: true }).first()).toBeVisible();
  await userTab.getByTestId('account-open-security').click();
  await expect(page).toHaveURL(/#\/account-security$/);
});

test('basic.user on their own account sees only the way to their sign-in methods', async ({ page }) => {
  await signInAs(page, 'basic.user');
  const me = await serviceCall<{ UserAccountId: number }>(page.request, 'Authorization', 'GetCurrentUser');
  await page.goto(`/v/#/account/${me.body.UserAccountId}/user-security`);
  const tab = page.getByTestId('account-subpage-user-security');
  await expect(tab).toBeVisible({ timeout: 20_000 });
  await expect(tab.getByTestId('account-open-security')).toBeVisible();
  await expect(tab.getByTestId('user-roles')).toHaveCount(0);
});
