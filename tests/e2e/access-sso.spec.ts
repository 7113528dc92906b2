import { expect, test, type Page } from '@playwright/test';
import { e2eOidcPort, TEST_SSO_CLIENT, TEST_SSO_PEOPLE } from '../support/oidc-test-setup';
import { DEMO_PASSWORD, fillSignIn, SHOTS } from './identity-helpers';

const person = (login: string) => TEST_SSO_PEOPLE.find((candidate) => candidate.login === login)!;
const ssoButton = (page: Page) => page.getByTestId(`sso-button-${TEST_SSO_CLIENT.ssoId}`);
/** Round trips through the provider and fresh page loads: generous bounds on a loaded machine. */
const SLOW = { timeout: 20_000 };
const providerOrigin = `http://127.0.0.1:${e2eOidcPort(Number(process.env.E2E_PORT ?? 8391))}`;

/** Sign in at the test provider's own login page (another origin). */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL((url) => url.origin === providerOrigin && url.pathname.startsWith('/interaction/'), SLOW);
  await page.getByTestId('idp-login').fill(person(login).login);
  await page.getByTestId('idp-password').fill(person(login).password);
  await page.getByTestId('idp-submit').click();
}

test.describe('single sign-on through a real OpenID provider', () => {
  test.setTimeout(90_000);

  test('an unknown identity is linked to a user after the password check, then signs in directly', async ({ page, context }) => {
    await page.goto('/v/#/login');
    await expect(ssoButton(page)).toHaveText('Sign in with Contoso ID', SLOW);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/access-sso-login-1280.png` });

    // Remember where the provider sends the browser back, to replay it later.
    const returns: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && /[?&]code=/.test(frame.url())) returns.push(frame.url());
    });

    await ssoButton(page).click();
    await expect(page.getByTestId('idp-login')).toBeVisible(SLOW);
    await page.screenshot({ path: `${SHOTS}/access-sso-provider-1280.png` });
    await signInAtProvider(page, 'olivia');

    // Back at the portal: the identity is unknown, so the link page asks who this is.
    await expect(page).toHaveURL(/\/v\/#\/sso-link\//, SLOW);
    expect(page.url()).not.toContain('code=');
    await expect(page.getByTestId('sso-link-identity')).toHaveText('Signed in with Contoso ID as Olivia Bennett (olivia.bennett@contoso.example).');
    await page.screenshot({ path: `${SHOTS}/access-sso-link-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/access-sso-link-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByTestId('login-username').fill('company.admin');
    await page.getByTestId('login-password').fill('Not-the-password-1!');
    await page.getByTestId('sso-link-submit').click();
    await expect(page.getByTestId('sso-link-error')).toHaveText('The user name or password is incorrect.');

    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('sso-link-submit').click();
    await expect(page.getByTestId('shell-user-name')).toHaveText('Olivia Bennett', SLOW);
    expect(await page.evaluate(() => [localStorage.getItem('ssoId'), localStorage.getItem('ssoName')])).toEqual(['contoso-id', 'Contoso ID']);

    // Sign out clears the SSO choice; signing in again with the provider goes straight through, back to the wanted page.
    await page.getByTestId('profile-menu-button').click();
    await page.getByTestId('sign-out').click();
    await expect(page).toHaveURL(/#\/login/);
    expect(await page.evaluate(() => localStorage.getItem('ssoId'))).toBeNull();
    await page.goto('/v/#/some/wanted/page');
    await expect(page).toHaveURL(/#\/login\?redirect=%2Fsome%2Fwanted%2Fpage/);
    await ssoButton(page).click();
    // The provider still knows the browser: no login page this time.
    await expect(page.getByTestId('not-found')).toBeVisible(SLOW);
    await expect(page).toHaveURL(/\/v\/#\/some\/wanted\/page$/);
    await expect(page.getByTestId('shell-user-name')).toHaveText('Olivia Bennett');

    // Replaying a return the provider sent earlier (its state is used up) is refused with a clear text.
    expect(returns.length).toBeGreaterThan(0);
    const fresh = await context.browser()!.newContext();
    const replay = await fresh.newPage();
    await replay.goto(returns[0]);
    await expect(replay.getByTestId('sso-auth-error')).toHaveText('This single sign-on request has already been used. Please start the sign-in again.', SLOW);
    await fresh.close();
  });

  test('a forged state is refused with its text, and the page offers the way back', async ({ page }) => {
    await page.goto('/v/?code=made-up-code&state=forged-state#/');
    await expect(page.getByTestId('sso-auth-error')).toHaveText(
      'This single sign-on request was not started by this portal or has been altered. Please start the sign-in again.',
      SLOW,
    );
    expect(new URL(page.url()).search).toBe('');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/access-sso-forged-1280.png` });
    await page.getByTestId('sso-back-to-login').click();
    await expect(page.getByTestId('login-username')).toBeVisible();
    // And the password sign-in still works from there.
    await fillSignIn(page, 'basic.user', DEMO_PASSWORD);
    await expect(page.getByTestId('shell-user-name')).toHaveText('Harry Walsh', SLOW);
  });
});
