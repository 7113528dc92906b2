/**
 * Co-browsing (issue 38), two browsers: the user shares the screen after consenting and reads out the
 * code; a support person joins with it and sees the user's page live; what the user types into a
 * password field is masked at the source, so it appears in no relayed request and no frame the
 * support person's browser receives; the user's Stop ends the support person's view.
 */
import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe-findings';
import { signIn } from './shell-support';

const SECRET = 'Quiet-Harbour-Lantern-7!';

test('share the screen with support: seen live, the password never leaves the browser, Stop ends the view', async ({ browser }) => {
  test.setTimeout(120_000);
  const userContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const user = await userContext.newPage();
  // Everything the user's browser sends to relay, as sent.
  const relayed: string[] = [];
  user.on('request', (request) => {
    if (request.url().includes('/RelayCobrowseEvents')) relayed.push(request.postData() ?? '');
  });
  await signIn(user, 'reseller.admin');

  await user.getByTestId('support-menu-button').click();
  await user.getByTestId('support-share-screen').click();
  const consent = user.getByTestId('cobrowse-consent');
  await expect(consent).toContainText('Passwords, MFA codes, IBANs and other sensitive fields are hidden');
  expect(await seriousViolations(user)).toEqual([]);
  await user.getByTestId('cobrowse-consent-accept').click();
  const banner = user.getByTestId('cobrowse-banner');
  await expect(banner).toContainText('Give support this code:');
  const code = (await user.getByTestId('cobrowse-code').textContent()) ?? '';
  expect(code).toMatch(/^\d{6}$/);

  const supportContext = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const support = await supportContext.newPage();
  // Everything the support person's browser receives on its sockets.
  const received: string[] = [];
  support.on('websocket', (socket) => socket.on('framereceived', (frame) => received.push(String(frame.payload))));
  await signIn(support, 'root.admin');
  await support.getByTestId('profile-menu-button').click();
  await expect(support.getByTestId('menu-supportCobrowse')).toHaveText('Co-browsing');
  await support.getByTestId('menu-supportCobrowse').click();
  await expect(support).toHaveURL(/#\/support\/cobrowse$/);
  await support.getByTestId('cobrowse-code-input').fill(code);
  await support.getByTestId('cobrowse-join').click();
  await expect(support.getByTestId('cobrowse-watching')).toHaveText('You see the screen of Sanne de Vries.');
  await expect(banner).toHaveText(/Morgan Blake from support sees your screen\./);

  // The support person sees the user's page: the user's own header and the banner the user sees.
  const replay = support.frameLocator('[data-testid="cobrowse-replay"] iframe');
  await expect(replay.getByTestId('cobrowse-banner')).toContainText('Morgan Blake from support sees your screen.');
  await expect(replay.getByTestId('profile-menu-button')).toHaveCount(1);
  expect(await seriousViolations(user)).toEqual([]);
  expect(await seriousViolations(support)).toEqual([]);

  // The user changes the password: the page follows in the replay, the typed value only as asterisks.
  await user.goto('/v/#/change-password');
  await expect(banner).toBeVisible();
  await user.getByTestId('password-current').fill(SECRET);
  await user.getByTestId('password-new').fill(SECRET);
  await expect(replay.getByTestId('password-rules')).toHaveCount(1);
  await expect(replay.getByTestId('password-new')).toHaveValue('*'.repeat(SECRET.length));
  await expect(replay.getByTestId('password-current')).toHaveValue('*'.repeat(SECRET.length));
  await support.screenshot({ path: '.tmp/cobrowse-support-view.png' });

  expect(relayed.length).toBeGreaterThan(0);
  expect(received.some((frame) => frame.includes('CobrowseEvents'))).toBe(true);
  for (const text of [...relayed, ...received]) {
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('Quiet-Harbour');
  }

  await user.getByTestId('cobrowse-stop').click();
  await expect(banner).toHaveCount(0);
  await expect(support.getByTestId('cobrowse-ended')).toHaveText('The screen sharing of Sanne de Vries has ended.');
  await expect(support.getByTestId('cobrowse-replay')).toHaveCount(0);
  await userContext.close();
  await supportContext.close();
});
