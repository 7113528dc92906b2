/**
 * Account tabs that were placeholders: the audit log of a company shows a change
 * just made (and exports it), and a user's notification preferences are saved
 * (at least one commitment period) and still there after a reload.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { companyIdOf, serviceCall, signInAs } from './account-support';
import { waitForRows } from './grids-support';
import { SHOTS } from './shots';

test.setTimeout(90_000);

test('company.admin sees a change just made in the audit log of the company, and exports it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'company.admin');
  const contosoId = await companyIdOf(page);
  const added = await serviceCall(page.request, 'CustomCharges', 'AddCustomCharge', { customCharge: { AccountId: contosoId, Name: 'E2E audit probe', Price: 99, Cost: 10 } });
  expect(added.status, JSON.stringify(added.body)).toBe(200);

  await page.goto(`/v/#/account/${contosoId}`);
  await page.getByTestId('account-tab-audit-log').click();
  await expect(page).toHaveURL(new RegExp(`#/account/${contosoId}/audit-log$`));
  const grid = page.getByTestId('defined-grid-audit-log');
  await waitForRows(grid);
  const newest = grid.locator('.ag-row[row-index="0"]');
  await expect(newest.locator('[col-id="Action"]').first()).toHaveText('Custom charge added');
  await expect(newest.locator('[col-id="Details"]').first()).toHaveText('Custom charge “E2E audit probe” added');
  await expect(newest.locator('[col-id="ActorName"]').first()).toHaveText('Olivia Bennett (company.admin)');
  await page.screenshot({ path: `${SHOTS}/account-audit-log.png` });

  await grid.getByTestId('grid-export').click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Comma-separated values (.csv)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('audit-log-Contoso_Ltd.csv');
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv).toContain('Custom charge “E2E audit probe” added');
  expect(csv.split('\r\n')[0]).toBe('\uFEFFDate (UTC),Action,Details,User,Impersonated by,Account,IP address');
});

test("root.admin changes a user's notification preferences; they persist after a reload", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'root.admin');
  const found = await serviceCall<{ AccountId: number; AccountType: string }[]>(page.request, 'Account', 'SearchAccount', { text: 'Harry Walsh' });
  const userId = found.body.find((hit) => hit.AccountType === 'User')!.AccountId;

  await page.goto(`/v/#/account/${userId}/notifications`);
  const tab = page.getByTestId('account-subpage-notifications');
  const enabled = tab.getByLabel('Send renewal notifications');
  const save = tab.getByTestId('notifications-save');
  // A first visit loads the app, the account and the tab's code: slow on a busy CI machine.
  await expect(tab).toBeVisible({ timeout: 20_000 });
  await expect(enabled).not.toBeChecked();
  await expect(tab.getByLabel('1 month')).toBeChecked();
  await expect(save).toBeDisabled();

  await enabled.check();
  await expect(save).toBeEnabled();
  // Spec §5: at least one commitment period.
  await tab.getByLabel('1 month').uncheck();
  await expect(tab.getByTestId('notifications-period-error')).toHaveText('Select at least one value.');
  await expect(save).toBeDisabled();
  await tab.getByLabel('Annual').check();
  await tab.getByLabel('3 years').check();
  await expect(tab.getByTestId('notifications-period-error')).toHaveCount(0);
  await save.click();
  await expect(page.getByText('Notification preferences saved.')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/account-notifications.png` });

  await page.reload();
  await expect(tab).toBeVisible({ timeout: 20_000 });
  await expect(enabled).toBeChecked();
  await expect(tab.getByLabel('Annual')).toBeChecked();
  await expect(tab.getByLabel('3 years')).toBeChecked();
  await expect(tab.getByLabel('1 month')).not.toBeChecked();
  await expect(tab.getByLabel('Other')).not.toBeChecked();
});
