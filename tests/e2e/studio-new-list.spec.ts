/**
 * Issue 33: a new list screen made in the studio only (no JSON typed). root.admin
 * creates it over an existing method with a menu entry, chooses who may open it
 * (the dialog asks), hides a column in its property panel and publishes it;
 * company.admin opens it from the menu and sees its own company's accounts
 * without typing an address; basic.user never sees it.
 */
import { expect, test } from '@playwright/test';
import { signInAs } from './account-support';
import { SHOTS } from './shots';
import { expectChecksPass } from './studio-support';

test.setTimeout(180_000);

const NAME = 'team-accounts';

test('root.admin makes a list screen in the studio; company.admin opens it from the menu; basic.user never sees it', async ({ browser }) => {
  const admin = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
  await signInAs(admin, 'root.admin');
  await admin.goto('/v/#/studio');
  await admin.getByTestId('studio-new').click();
  const dialog = admin.getByTestId('studio-new-dialog');
  await dialog.getByTestId('studio-new-template').click();
  await admin.getByTestId('studio-template-list').click();
  await dialog.getByTestId('studio-new-name').fill(NAME);
  await dialog.getByTestId('studio-new-title-en').fill('Team accounts');
  await dialog.getByTestId('studio-new-data-source').click();
  await admin.getByRole('option', { name: 'account-children', exact: true }).click();
  await dialog.getByTestId('studio-new-menu').click();
  await admin.getByRole('option', { name: 'Top of the profile menu' }).click();
  // Nobody sees a new list until its access is chosen: Create waits for it.
  await expect(dialog.getByTestId('studio-new-create')).toBeDisabled();
  await dialog.getByTestId('studio-new-access').fill('Department');
  await admin.getByRole('option', { name: 'Department accounts' }).click();
  await admin.screenshot({ path: `${SHOTS}/studio-new-list-dialog.png` });
  await dialog.getByTestId('studio-new-create').click();

  // The editor opens on the list's properties, not its JSON.
  await expect(admin).toHaveURL(/name=team-accounts/, { timeout: 60_000 });
  const panels = admin.getByTestId('studio-screen-panels');
  await expect(panels).toBeVisible({ timeout: 20_000 });
  await expect(admin.getByTestId('studio-screen-menu')).toHaveText('Top of the profile menu');
  await expect(panels.getByRole('button', { name: 'Department accounts' })).toBeVisible();
  await panels.getByRole('checkbox', { name: 'Show Identifier' }).uncheck();
  await expectChecksPass(admin, 20_000);
  await admin.screenshot({ path: `${SHOTS}/studio-new-list-panels.png` });
  await admin.getByTestId('studio-publish').click();
  await admin.getByTestId('confirm-dialog').getByTestId('confirm-ok').click();
  await expect(admin.getByTestId(`studio-item-${NAME}`)).toContainText('Published v2', { timeout: 20_000 });

  // (version 1 was the dialog's, version 2 the hidden column.)
  // company.admin: in the profile menu; the list is about its own company without ?accountId.
  const company = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signInAs(company, 'company.admin');
  await company.goto('/v/#/');
  await company.getByTestId('profile-menu-button').click({ timeout: 60_000 });
  await company.getByRole('menuitem', { name: 'Team accounts' }).click({ timeout: 60_000 });
  await expect(company).toHaveURL(/#\/list\/team-accounts$/);
  await expect(company.getByRole('heading', { name: 'Team accounts' })).toBeVisible({ timeout: 20_000 });
  await expect(company.locator('.ag-row [col-id="DisplayName"]').filter({ hasText: 'Engineering' })).toBeVisible({ timeout: 20_000 });
  await expect(company.locator('.ag-header-cell[col-id="Identifier"]')).toHaveCount(0);
  await company.screenshot({ path: `${SHOTS}/studio-new-list-company.png` });

  // basic.user: no menu entry, and the address leads back to the start page.
  const basic = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signInAs(basic, 'basic.user');
  await basic.goto('/v/#/');
  await basic.getByTestId('profile-menu-button').click({ timeout: 60_000 });
  await expect(basic.getByRole('menuitem').first()).toBeVisible();
  await expect(basic.getByRole('menuitem', { name: 'Team accounts' })).toHaveCount(0);
  await basic.keyboard.press('Escape');
  await basic.goto('/v/#/list/team-accounts');
  await expect(basic).toHaveURL(/#\/$/, { timeout: 20_000 });
  await expect(basic.getByRole('heading', { name: 'Team accounts' })).toHaveCount(0);
});
