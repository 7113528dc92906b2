/**
 * Account lifecycle journeys (issue 13) as company.admin: the company hierarchy tree, a
 * termination scheduled with reason and acknowledgement and cancelled again, a department
 * moved (and moved back, so other specs find the demo data as it was), and IP restrictions
 * where a bad entry gets "Invalid IP range".
 */
import { expect, test, type Page } from '@playwright/test';
import { typeDate } from './date-input';
import { companyIdOf, serviceCall, signInAs } from './account-support';
import { SHOTS } from './shots';

test.setTimeout(120_000);

async function idOf(page: Page, contosoId: number, name: string): Promise<number> {
  const tree = await serviceCall<{ Children: { AccountId: number; DisplayName: string }[] }>(page.request, 'Account', 'GetAccountTree', { accountId: contosoId });
  const found = tree.body.Children.find((child) => child.DisplayName === name);
  if (!found) throw new Error(`no ${name} below Contoso`);
  return found.AccountId;
}

test('company.admin browses the tree, schedules a termination and cancels it, moves a department', async ({ page }) => {
  await signInAs(page, 'company.admin');
  const contoso = await companyIdOf(page);
  const finance = await idOf(page, contoso, 'Finance');
  const engineering = await idOf(page, contoso, 'Engineering');

  // The hierarchy tab: first level open, a department expanded on demand, each node a link to its account.
  await page.goto(`/v/#/account/${contoso}/hierarchy`);
  const tree = page.getByTestId('defined-tree-account-hierarchy');
  await expect(tree).toBeVisible({ timeout: 30_000 });
  await expect(tree.getByTestId(`tree-node-${finance}`)).toBeVisible();
  await page.getByTestId(`tree-toggle-${finance}`).click();
  await expect(tree.getByRole('link', { name: 'Cloud Backup 500 GB' }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/lifecycle-tree.png`, fullPage: true });
  // Beyond what the tree shows, the search below the account finds it and opens it.
  await page.getByTestId('account-hierarchy-find').getByRole('combobox').fill('Engin');
  await page.getByTestId(`account-hierarchy-find-option-${engineering}`).click();
  await expect(page).toHaveURL(new RegExp(`#/account/${engineering}$`));
  await page.goto(`/v/#/account/${contoso}/hierarchy`);
  await tree.getByTestId(`tree-node-${finance}`).getByRole('link', { name: 'Finance' }).click();
  await expect(page).toHaveURL(new RegExp(`#/account/${finance}$`));

  // Terminate from the account page: scheduled far enough ahead that no subscription lock is in the way.
  await page.getByTestId('account-action-terminate').click();
  await expect(page).toHaveURL(new RegExp(`#/terminate\\?accountId=${finance}$`));
  await expect(page.getByTestId('wizard-subject-name')).toHaveText('Finance', { timeout: 20_000 });
  await expect(page.getByTestId('wizard-table-1')).toContainText('Cloud Backup 500 GB');
  // The form is the wizard layout wizards/terminate: a step, then the summary with the acknowledgement.
  await page.getByTestId('input-When').selectOption({ label: 'At a date and time' });
  const when = new Date();
  when.setFullYear(when.getFullYear() + 4);
  const local = `${when.getFullYear()}-${String(when.getMonth() + 1).padStart(2, '0')}-${String(when.getDate()).padStart(2, '0')}T09:30`;
  await typeDate(page.getByTestId('input-TerminationDate'), local);
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('field-Reason')).toContainText('This field is required.'); // no reason yet
  await page.getByTestId('input-Reason').selectOption({ label: 'Too expensive' });
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('wizard-summary-Reason')).toContainText('Too expensive');
  const submit = page.getByTestId('wizard-submit');
  await expect(submit).toHaveText('Schedule termination');
  await submit.click();
  await expect(page.getByTestId('field-Acknowledge')).toContainText('This field is required.'); // no acknowledgement yet
  await page.getByTestId('input-Acknowledge').check();
  await page.screenshot({ path: `${SHOTS}/lifecycle-terminate-form.png`, fullPage: true });
  await submit.click();
  const scheduled = page.getByTestId('wizard-stop');
  await expect(scheduled).toContainText('Termination scheduled for');
  await expect(scheduled).toContainText('Too expensive');
  await page.screenshot({ path: `${SHOTS}/lifecycle-terminate-scheduled.png`, fullPage: true });
  await page.getByTestId('wizard-stop-button').click();
  await expect(scheduled).toHaveCount(0);
  await expect(page.getByTestId('wizard-form')).toBeVisible();
  const overview = await serviceCall<{ ScheduledTermination: unknown; Account: { AccountState: string } }>(page.request, 'Account', 'GetAccountsForTermination', { accountId: finance });
  expect(overview.body).toMatchObject({ ScheduledTermination: null, Account: { AccountState: 'Active' } });

  // Move Finance under Engineering, then back.
  try {
    await page.goto(`/v/#/move?accountId=${finance}`);
    await expect(page.getByTestId('wizard-subject-name')).toHaveText('Finance', { timeout: 20_000 });
    // The wizard layout wizards/move: its ChooseAccount step, then the summary.
    await page.getByRole('combobox', { name: /New parent account/ }).click();
    await expect(page.getByTestId(`input-NewParent-option-${engineering}`)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId(`input-NewParent-option-${finance}`)).toHaveCount(0); // never itself
    await page.getByTestId(`input-NewParent-option-${engineering}`).click();
    await page.screenshot({ path: `${SHOTS}/lifecycle-move.png`, fullPage: true });
    // A chosen parent is unsaved work: leaving asks first, and continuing keeps it.
    await page.getByTestId('wizard-subject-name').click();
    const guard = page.getByRole('dialog', { name: 'Unsaved changes' });
    await guard.getByRole('button', { name: 'Continue editing' }).click();
    await expect(guard).toBeHidden();
    await expect(page.getByRole('combobox', { name: /New parent account/ })).toHaveValue('Engineering');
    await page.getByTestId('wizard-next').click();
    await expect(page.getByTestId('wizard-summary-NewParent')).toContainText('Engineering');
    await page.getByTestId('wizard-submit').click();
    await expect(page.getByText('Finance was moved under Engineering')).toBeVisible();
    await page.goto(`/v/#/account/${finance}`);
    await expect(page.getByTestId('account-hierarchy')).toContainText('Engineering', { timeout: 20_000 });
  } finally {
    const back = await serviceCall(page.request, 'Account', 'MoveAccount', { accountId: finance, newParentAccountId: contoso });
    expect([200, 400]).toContain(back.status);
  }
});

test('company.admin saves IP restrictions; a bad entry gets "Invalid IP range"', async ({ page }) => {
  await signInAs(page, 'company.admin');
  const contoso = await companyIdOf(page);
  try {
    await page.goto(`/v/#/account/${contoso}/security`);
    const panel = page.getByTestId('ip-restrictions');
    await expect(panel).toBeVisible({ timeout: 30_000 });
    await panel.getByTestId('ip-entries-add').click();
    await panel.getByTestId('ip-ranges-0').fill('127.0.0.1, 10.0.0.300');
    await panel.getByTestId('ip-save').click();
    await expect(panel.getByTestId('ip-error')).toHaveText('Invalid IP range: 10.0.0.300');
    await page.screenshot({ path: `${SHOTS}/lifecycle-ip-invalid.png`, fullPage: true });

    await panel.getByTestId('ip-ranges-0').fill('127.0.0.1, ::1, 10.0.0.0/8');
    await panel.getByTestId('ip-entries-add').click();
    await panel.getByTestId('ip-type-1').click();
    await page.getByRole('option', { name: 'Deny' }).click();
    await panel.getByTestId('ip-ranges-1').fill('10.6.6.0-10.6.6.255');
    await panel.getByTestId('ip-enabled').check();
    await panel.getByTestId('ip-save').click();
    await expect(page.getByText('The IP restrictions are saved.')).toBeVisible();
    await expect(panel.getByTestId('ip-error')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/lifecycle-ip-saved.png`, fullPage: true });
    const stored = await serviceCall<{ IsEnabled: boolean; Entries: { Type: string; Ranges: string }[] }>(page.request, 'IpRestrictions', 'GetAuthorizationRestrictions', { accountId: contoso });
    expect(stored.body).toEqual({
      IsEnabled: true,
      Entries: [
        { Type: 'Allow', Ranges: '127.0.0.1, ::1, 10.0.0.0/8' },
        { Type: 'Deny', Ranges: '10.6.6.0-10.6.6.255' },
      ],
    });
  } finally {
    await serviceCall(page.request, 'IpRestrictions', 'SaveAuthorizationRestrictions', { companyAccountId: contoso, restrictions: { IsEnabled: false, Entries: [] } });
  }
});
