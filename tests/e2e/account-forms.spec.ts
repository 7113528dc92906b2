/**
 * Account screens generated from view layouts, in German: view and edit a
 * company (enum, dependent enum, remote uniqueness error then fixed), unlock
 * an MFA-protected field with a TOTP code, create a user, the unsaved-changes
 * guard, and not-found for a bad id.
 */
import { expect, test } from '@playwright/test';
import { choose, companyIdOf, serviceCall, SHOTS, signInAs, useGerman } from './account-support';
import { unusedDemoTotp } from './totp-steps';

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const GLOBEX_VAT = 'GB555000111';

test.beforeAll(async ({ browser }) => {
  // Another company whose VAT number Contoso must not take (created as its reseller).
  const page = await browser.newPage();
  await signInAs(page, 'reseller.admin');
  const resellerId = await companyIdOf(page);
  const created = await serviceCall(page.request, 'Account', 'CreateAccount', {
    parentAccountId: resellerId,
    accountType: 'Company',
    viewValues: { Values: { DisplayName: 'Globex Ltd', Email: 'info@globex.example', Street: '1 High St', PostalCode: 'LS1 1AA', City: 'Leeds', Country: 'United Kingdom', Currency: 'GBP', VatNumber: GLOBEX_VAT } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  await page.close();
});

test('company.admin edits the company: enum, dependent enum, uniqueness error shown then fixed', async ({ page }) => {
  await useGerman(page);
  await signInAs(page, 'company.admin');
  const contosoId = await companyIdOf(page);
  await page.goto(`/v/#/account/${contosoId}`);
  await expect(page.getByTestId('account-name')).toHaveText('Contoso Ltd');
  await expect(page.getByTestId('account-tab-details')).toHaveText('Kontodetails');
  await expect(page.getByTestId('value-Industry')).toHaveText('Software und IT');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/account-view-de.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/account-view-de-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByTestId('account-edit').click();
  await page.getByRole('combobox', { name: 'Branche', exact: true }).selectOption({ label: 'Gesundheitswesen' });
  await page.getByTestId('form-page-Address').click();
  await expect(page.getByRole('combobox', { name: 'Region oder Bundesland' })).toHaveValue('England');
  await choose(page, 'Land', 'Deutschland', 'Deutsch');
  // The region belonged to the old country: cleared, and the list is Germany's now.
  await expect(page.getByRole('combobox', { name: 'Region oder Bundesland' })).toHaveValue('');
  await choose(page, 'Region oder Bundesland', 'Bayern', 'Bay');

  await page.getByTestId('form-page-Billing').click();
  const vat = page.getByRole('textbox', { name: 'USt-IdNr.' });
  await vat.fill(GLOBEX_VAT);
  await expect(page.getByTestId('field-VatNumber')).toContainText('Dieser Wert wird bereits von einem anderen Konto verwendet.');
  await page.screenshot({ path: `${SHOTS}/account-edit-unique-error-de.png`, fullPage: true });
  await vat.fill('DE811569869');
  await expect(page.getByTestId('field-VatNumber')).not.toContainText('Dieser Wert');
  await expect(page.getByTestId('field-VatNumber')).toHaveAttribute('data-field-state', 'ok');

  await page.getByTestId('form-save').click();
  await expect(page.getByText('Änderungen gespeichert.')).toBeVisible();
  await expect(page.getByTestId('value-Industry')).toHaveText('Gesundheitswesen');
  await page.getByTestId('form-page-Address').click();
  await expect(page.getByTestId('value-Country')).toHaveText('Deutschland');
  await expect(page.getByTestId('value-Region')).toHaveText('Bayern');
  // Saved for real: the server has it.
  const stored = await serviceCall<{ Views: { Values: Record<string, unknown> } }>(page.request, 'Account', 'LoadAccountById', { accountId: contosoId });
  expect(stored.body.Views.Values).toMatchObject({ Industry: 'healthcare', Country: 'Germany', Region: 'Bayern', VatNumber: 'DE811569869' });
});

test('mfa.user unlocks the bank account field with a TOTP code and saves it', async ({ page }) => {
  await useGerman(page);
  await signInAs(page, 'mfa.user', true);
  const contosoId = await companyIdOf(page);
  await page.goto(`/v/#/account/${contosoId}`);
  await page.getByTestId('account-edit').click();
  // The edit form replaces the read-only one once the EDIT layout has arrived; until then the read-only form,
  // with the same page tabs, is still there (a click on its Billing tab would be lost with it).
  await expect(page.getByTestId('form-save')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('form-page-Billing').click();
  const locked = page.getByText('Geschützt: zum Ändern mit einem Multi-Faktor-Code bestätigen.');
  await expect(locked).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Bankkonto (IBAN)' })).toHaveCount(0);
  await page.getByTestId('unlock-Iban').click();
  await expect(page.getByRole('dialog', { name: 'Bestätigen Sie Ihre Identität' })).toBeVisible();
  await page.getByTestId('mfa-step-up-code').fill('000000');
  await page.getByTestId('mfa-step-up-confirm').click();
  await expect(page.getByTestId('mfa-step-up-error')).toHaveText('Der MFA-Code ist falsch. Bitte versuchen Sie es erneut.');
  await page.getByTestId('mfa-step-up-code').fill(await unusedDemoTotp());
  await page.screenshot({ path: `${SHOTS}/account-mfa-step-up-de.png` });
  await page.getByTestId('mfa-step-up-confirm').click();
  const iban = page.getByRole('textbox', { name: 'Bankkonto (IBAN)' });
  await expect(iban).toBeEditable();
  await iban.fill('DE89370400440532013000');
  await page.getByTestId('form-save').click();
  await expect(page.getByText('Änderungen gespeichert.')).toBeVisible();
  await page.getByTestId('form-page-Billing').click();
  await expect(page.getByTestId('value-Iban')).toHaveText('DE89370400440532013000');
});

test('a new company paying by direct debit marks the IBAN required and offers to set MFA up in place', async ({ page }) => {
  await signInAs(page, 'reseller.admin');
  await page.goto('/v/#/account/new/company');
  await page.getByTestId('form-page-Billing').click();
  const iban = page.getByTestId('field-Iban');
  await expect(iban).toBeVisible();
  await expect(iban.locator('.lf-required')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Payment method', exact: true }).selectOption({ label: 'Direct debit' });
  await expect(iban.locator('.lf-required')).toHaveCount(1);
  // reseller.admin has no MFA method: setting one up happens here, not on another page.
  await page.getByTestId('set-up-mfa-Iban').click();
  const dialog = page.getByRole('dialog', { name: 'Set up multi-factor authentication' });
  await expect(dialog.getByTestId('mfa-set-up-send')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/account-create-company-mfa-set-up.png` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/#\/account\/new\/company$/);
  await page.screenshot({ path: `${SHOTS}/account-create-company-iban-required.png`, fullPage: true });
});

test('company.admin creates a user from the CREATE layout', async ({ page }) => {
  await useGerman(page);
  await signInAs(page, 'company.admin');
  await page.goto('/v/#/account/new/user');
  await expect(page.getByRole('heading', { name: 'Neuer Benutzer' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Vorname' }).fill('Jana');
  await page.getByRole('textbox', { name: 'Nachname' }).fill('Novak');
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill('jana.novak');
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).blur();
  await expect(page.getByTestId('field-Email')).toContainText('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill('jana.novak@contoso.example');
  await page.getByTestId('form-page-SignIn').click();
  await page.getByRole('textbox', { name: 'Benutzername' }).fill('basic.user');
  await expect(page.getByTestId('field-Username')).toContainText('Dieser Wert wird bereits von einem anderen Konto verwendet.');
  await page.getByRole('textbox', { name: 'Benutzername' }).fill('jana.novak');
  await choose(page, 'Rolle', 'Standardbenutzer');
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('Englisch');
  await page.screenshot({ path: `${SHOTS}/account-create-user-de.png`, fullPage: true });
  await page.getByTestId('form-save').click();
  await expect(page.getByText('Jana Novak wurde angelegt.')).toBeVisible();
  await expect(page).toHaveURL(/#\/account\/\d+$/);
  await expect(page.getByTestId('account-name')).toHaveText('Jana Novak');
  await expect(page.getByTestId('account-type')).toHaveText('Benutzer');
  await page.getByTestId('form-page-SignIn').click();
  await expect(page.getByTestId('value-Username')).toHaveText('jana.novak');
  await page.screenshot({ path: `${SHOTS}/account-user-created-de.png`, fullPage: true });
});

test('leaving with unsaved changes asks first: continue editing or discard', async ({ page }) => {
  await useGerman(page);
  await signInAs(page, 'company.admin');
  const contosoId = await companyIdOf(page);
  await page.goto(`/v/#/account/${contosoId}`);
  await page.getByTestId('account-edit').click();
  const phone = page.getByRole('textbox', { name: 'Telefonnummer' });
  await phone.fill('+44 20 7946 0999');
  await page.getByTestId('account-tab-audit-log').click();
  const dialog = page.getByRole('dialog', { name: 'Nicht gespeicherte Änderungen' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/account-unsaved-guard-de.png` });
  await dialog.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(dialog).toBeHidden();
  await expect(phone).toHaveValue('+44 20 7946 0999');
  await page.getByTestId('account-tab-audit-log').click();
  await page.getByRole('dialog', { name: 'Nicht gespeicherte Änderungen' }).getByRole('button', { name: 'Änderungen verwerfen' }).click();
  await expect(page).toHaveURL(new RegExp(`#/account/${contosoId}/audit-log$`));
  await expect(page.getByTestId('account-subpage-audit-log')).toBeVisible();
  const stored = await serviceCall<{ Views: { Values: Record<string, unknown> } }>(page.request, 'Account', 'LoadAccountById', { accountId: contosoId });
  expect(stored.body.Views.Values.Phone).not.toBe('+44 20 7946 0999');
});

test('an account id that is not a number is not found', async ({ page }) => {
  await signInAs(page, 'company.admin');
  await page.goto('/v/#/account/contoso');
  await expect(page.getByTestId('not-found')).toBeVisible();
});
