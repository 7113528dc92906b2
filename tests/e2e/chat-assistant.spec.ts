/**
 * The chat assistant (issue 38): asked in German where the password is changed, the help bot links the
 * screen; asked for a person, it hands over to support, whose console (a second browser) answers live.
 */
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe-findings';
import { SHOTS, signIn } from './shell-support';

/** Every consent service accepted: the chat needs them all (spec §6). */
async function acceptConsent(page: Page) {
  for (const service of ['chat-assistant', 'web-analytics']) {
    await page.goto(`/v/#/consent/${service}?redirect=%2F`);
    await page.getByTestId('consent-accept').click();
    await expect(page.getByTestId('consent-state')).toContainText(/Akzeptiert|Accepted/);
  }
  await page.getByTestId('consent-continue').click();
}

test('ask the help bot in German, hand over to a person who answers live from the support console', async ({ browser }) => {
  test.setTimeout(120_000);
  const userContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  // The user reads the portal in German on this browser.
  await userContext.addInitScript(() => {
    if (!localStorage.getItem('locale')) localStorage.setItem('locale', 'de');
  });
  const user = await userContext.newPage();
  await signIn(user, 'reseller.admin');
  await acceptConsent(user);

  await user.getByTestId('chat-toggle').click();
  const panel = user.getByTestId('chat-panel');
  await expect(panel.getByTestId('chat-message').first()).toContainText('Hallo Sanne de Vries!');
  await panel.getByTestId('chat-input').fill('Wo ändere ich mein Passwort?');
  await panel.getByTestId('chat-send').click();
  const answer = panel.getByTestId('chat-message').filter({ hasText: 'Passwortseite' });
  await expect(answer).toBeVisible();
  await expect(answer.getByTestId('chat-link')).toHaveText('„Passwort ändern“ öffnen');
  await user.screenshot({ path: `${SHOTS}/chat-panel-answer.png` });

  // Markup is text: it shows as typed, nothing runs.
  await panel.getByTestId('chat-input').fill('<b>fett</b><img src=x onerror="window.injected=1">');
  await panel.getByTestId('chat-send').click();
  await expect(panel.getByTestId('chat-message').filter({ hasText: '<b>fett</b><img src=x onerror="window.injected=1">' })).toBeVisible();
  expect(await user.evaluate(() => (window as unknown as { injected?: number }).injected)).toBeUndefined();

  await panel.getByTestId('chat-input').fill('Mitarbeiter');
  await panel.getByTestId('chat-send').click();
  await expect(panel.getByTestId('chat-state')).toHaveText('Warten auf eine Person…');

  const supportContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const support = await supportContext.newPage();
  await signIn(support, 'root.admin');
  await support.getByTestId('profile-menu-button').click();
  await expect(support.getByTestId('menu-supportConversations')).toHaveText('Chat support');
  await support.getByTestId('menu-supportConversations').click();
  await expect(support).toHaveURL(/#\/support\/conversations$/);
  const waiting = support.getByTestId('support-conversation').filter({ hasText: 'Sanne de Vries' });
  await expect(waiting).toContainText('Mitarbeiter');
  await waiting.click();
  const pane = support.getByTestId('support-conversation-pane');
  // The person sees what was asked before.
  await expect(pane.getByText('Wo ändere ich mein Passwort?', { exact: true })).toBeVisible();
  await expect(panel.getByTestId('chat-state')).toHaveText('Eine Person vom Support antwortet Ihnen.');
  await expect(panel.getByTestId('chat-message').filter({ hasText: 'Morgan Blake vom Support ist dem Gespräch beigetreten.' })).toBeVisible();

  await pane.getByTestId('chat-input').fill('Guten Tag, ich helfe Ihnen gern. Was brauchen Sie?');
  await pane.getByTestId('chat-send').click();
  const live = panel.getByTestId('chat-message').filter({ hasText: 'Guten Tag, ich helfe Ihnen gern. Was brauchen Sie?' });
  await expect(live).toBeVisible();
  await expect(live).toContainText('Morgan Blake');
  await panel.getByTestId('chat-input').fill('Danke, ich habe es gefunden.');
  await panel.getByTestId('chat-send').click();
  await expect(pane.getByTestId('chat-message').filter({ hasText: 'Danke, ich habe es gefunden.' })).toBeVisible();
  await user.screenshot({ path: `${SHOTS}/chat-panel-live.png` });
  await support.screenshot({ path: `${SHOTS}/chat-support-console.png` });
  expect(await seriousViolations(user)).toEqual([]);
  expect(await seriousViolations(support)).toEqual([]);

  await pane.getByTestId('support-end').click();
  await expect(panel.getByTestId('chat-message').filter({ hasText: 'Morgan Blake hat das Gespräch beendet.' })).toBeVisible();
  await expect(panel.getByTestId('chat-state')).toHaveCount(0);
  await expect(support.getByTestId('support-conversation').filter({ hasText: 'Sanne de Vries' })).toHaveCount(0);

  // The bot's link opens the screen where the password is changed.
  await answer.getByTestId('chat-link').click();
  await expect(user).toHaveURL(/#\/change-password$/);
  await expect(user.getByRole('heading', { name: 'Passwort ändern' })).toBeVisible();

  await supportContext.close();
  await userContext.close();
});
