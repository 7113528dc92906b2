import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, fillSignIn, mailedCode, newestMailId, screenshots, serviceCall, signIn, signOutViaMenu, totpCode } from './identity-helpers';
import { unusedDemoTotp } from './totp-steps';

test.describe('sign-in outcomes', () => {
  test('mfa.user signs in with a TOTP code; a wrong code shows the spec text', async ({ page }) => {
    test.slow(); // screenshots at two widths, and the shell's first load
    await page.goto('/v/#/login?redirect=%2Faccount-security');
    await fillSignIn(page, 'mfa.user', DEMO_PASSWORD);
    await expect(page).toHaveURL(/#\/login-mfa\?redirect=%2Faccount-security$/);
    // The primary method is pre-selected.
    await expect(page.getByTestId('mfa-selected-method')).toContainText('Authenticator app');
    await screenshots(page, 'login-mfa');

    await page.getByTestId('mfa-code').fill('000000');
    await page.getByTestId('mfa-submit').click();
    await expect(page.getByTestId('mfa-error')).toHaveText('MFA code is incorrect. Please try again.');
    await expect(page.getByTestId('mfa-code')).toHaveValue('');
    await screenshots(page, 'login-mfa-wrong-code');

    await page.getByTestId('mfa-code').fill(await unusedDemoTotp());
    await page.getByTestId('mfa-submit').click();
    await expect(page.getByTestId('shell-user-name')).toHaveText('Amelia Clarke', { timeout: 20_000 });
    await expect(page).toHaveURL(/#\/account-security$/);
    await expect(page.getByTestId('mfa-methods')).toContainText('Authenticator app');
    await screenshots(page, 'account-security');
  });

  test('the MFA step needs the password step first: a fresh browser is sent to sign-in', async ({ page }) => {
    await page.goto('/v/#/login-mfa?redirect=%2Fprovisioning');
    await expect(page).toHaveURL(/#\/login\?redirect=%2Fprovisioning$/);
  });

  test('nologin.user is refused with the text and stays on sign-in with its redirect', async ({ page }) => {
    await page.goto('/v/#/login?redirect=%2Fprovisioning');
    await fillSignIn(page, 'nologin.user', DEMO_PASSWORD);
    await expect(page.getByTestId('login-error')).toHaveText('Missing capabilities to log in');
    await expect(page).toHaveURL(/#\/login\?redirect=%2Fprovisioning$/);
    await screenshots(page, 'login-no-capability');
  });

  test('mfa.setup.user must set up TOTP: reads the key, enables it with a code, lands in the app', async ({ page, playwright, baseURL }) => {
    test.slow();
    await page.goto('/v/#/login');
    await fillSignIn(page, 'mfa.setup.user', DEMO_PASSWORD);
    await expect(page).toHaveURL(/#\/setup-mfa/);
    await expect(page.getByTestId('mfa-qr')).toBeVisible();
    await screenshots(page, 'setup-mfa');

    // The e-mail alternative is one link away (looked at, not used here).
    await page.getByTestId('setup-use-email').click();
    await expect(page.getByTestId('setup-email-address')).toHaveValue(/@fabrikam\.example$/);
    await screenshots(page, 'setup-mfa-email');
    await page.goBack();

    // "Scanning": the manual key as the page shows it (groups of four).
    await expect(page.getByTestId('mfa-secret')).toHaveText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    const secret = (await page.getByTestId('mfa-secret').textContent())!.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByTestId('mfa-code').fill('123456');
    await page.getByTestId('setup-mfa-submit').click();
    await expect(page.getByTestId('setup-mfa-error')).toHaveText('MFA code is incorrect. Please try again.');
    await page.getByTestId('mfa-code').fill(await totpCode(secret));
    await page.getByTestId('setup-mfa-submit').click();
    await expect(page.getByTestId('shell-user-name')).toHaveText('Lukas Becker', { timeout: 20_000 });

    // Put the demo user back as it was (other tests may rely on its forced set-up).
    const me = await (await serviceCall(page.request, 'Authorization', 'GetCurrentUser')).json();
    expect(me.MustSetupMfa).toBe(false);
    const admin = await playwright.request.newContext({ baseURL });
    await serviceCall(admin, 'Authorization', 'Authenticate', { userName: 'root.admin', password: DEMO_PASSWORD });
    expect((await serviceCall(admin, 'Account', 'DisableMfaForUser', { userAccountId: me.UserAccountId })).status()).toBe(200);
    await admin.dispose();
  });
});

test.describe('managing methods', () => {
  test('security.user adds e-mail codes, renames, makes primary, removes, and signs in with a mailed code', async ({ page }) => {
    test.slow(); // a long journey through five screens
    await signIn(page, 'security.user');
    await page.goto('/v/#/account-security');
    await expect(page.getByTestId('mfa-methods-empty')).toBeVisible();
    await page.getByTestId('add-email').click();
    await expect(page).toHaveURL(/#\/setup-mfa-email\?redirect=%2Faccount-security$/);
    await expect(page.getByTestId('setup-email-address')).toHaveValue('ella.hughes@contoso.example');
    await page.getByTestId('setup-email-send').click();
    await expect(page.getByTestId('mfa-code')).toBeVisible();

    const code = await mailedCode(page, 'ella.hughes@contoso.example');
    await page.getByTestId('mfa-code').fill(code);
    await page.getByTestId('setup-email-enable').click();
    await expect(page).toHaveURL(/#\/account-security$/);
    await expect(page.getByTestId('mfa-methods')).toContainText('e***@contoso.example');

    // A second method: authenticator app.
    await page.getByTestId('add-totp').click();
    await expect(page.getByTestId('mfa-secret')).toHaveAttribute('data-secret', /^[A-Z2-7]{16,}$/);
    const secret = (await page.getByTestId('mfa-secret').getAttribute('data-secret'))!;
    await page.getByTestId('mfa-code').fill(await totpCode(secret));
    await page.getByTestId('setup-mfa-submit').click();
    await expect(page).toHaveURL(/#\/account-security$/);
    const rows = page.getByTestId('mfa-methods').getByRole('listitem');
    await expect(rows).toHaveCount(2);

    // Rename the app, make it primary.
    const appRow = rows.filter({ hasText: 'Authenticator app' });
    await appRow.getByRole('button', { name: 'Rename' }).click();
    await page.getByTestId('rename-method-name').fill('Work phone');
    await page.getByTestId('rename-method-save').click();
    await expect(rows.filter({ hasText: 'Work phone' })).toHaveCount(1);
    await rows.filter({ hasText: 'Work phone' }).getByRole('button', { name: 'Make primary' }).click();
    await expect(rows.first()).toContainText('Work phone');
    await expect(rows.first()).toContainText('Primary');
    await screenshots(page, 'account-security-two-methods');

    // Sign in again choosing the e-mail method on /select-mfa-method.
    await signOutViaMenu(page);
    await fillSignIn(page, 'security.user', DEMO_PASSWORD);
    await expect(page.getByTestId('mfa-selected-method')).toContainText('Work phone');
    await page.getByTestId('mfa-other-method').click();
    await expect(page).toHaveURL(/#\/select-mfa-method/);
    await screenshots(page, 'select-mfa-method');
    const before = await newestMailId(page);
    await page.getByRole('button', { name: /e\*\*\*@contoso\.example/ }).click();
    await expect(page.getByTestId('mfa-selected-method')).toContainText('e***@contoso.example');
    await page.getByTestId('mfa-code').fill(await mailedCode(page, 'ella.hughes@contoso.example', before));
    await page.getByTestId('mfa-submit').click();
    await expect(page.getByTestId('shell-user-name')).toHaveText('Ella Hughes', { timeout: 20_000 });

    // Remove the e-mail method.
    await page.goto('/v/#/account-security');
    await rows.filter({ hasText: 'e***@contoso.example' }).getByRole('button', { name: 'Remove' }).click();
    await screenshots(page, 'remove-method-dialog');
    await page.getByTestId('remove-method-confirm').click();
    await expect(rows).toHaveCount(1);
  });
});
