/** Spec §4 Languages: the header's language menu switches the texts, remembers the choice and tells the server. */
import { expect, test, type Page } from '@playwright/test';
import { callFromPage, signIn } from './shell-support';

async function switchTo(page: Page, code: string) {
  await page.getByTestId('language-menu-button').click();
  await page.getByTestId(`language-option-${code}`).click();
}

async function expectShellTexts(page: Page, texts: { search: string; newButton: string; signOut: string; lang: string }) {
  await expect(page.getByTestId('global-search')).toHaveAttribute('placeholder', texts.search);
  await expect(page.getByTestId('new-menu-button')).toHaveText(texts.newButton);
  await expect(page.locator('html')).toHaveAttribute('lang', texts.lang);
  await page.getByTestId('profile-menu-button').click();
  await expect(page.getByTestId('sign-out')).toHaveText(texts.signOut);
  await page.keyboard.press('Escape');
}

const ENGLISH = { search: 'Search…', newButton: 'New', signOut: 'Sign out', lang: 'en' };
const GERMAN = { search: 'Suchen…', newButton: 'Neu', signOut: 'Abmelden', lang: 'de' };
const POLISH = { search: 'Szukaj…', newButton: 'Nowy', signOut: 'Wyloguj się', lang: 'pl' };

test('switching to German and to Polish changes the shell texts and survives a reload', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'vendor.admin');
  await expectShellTexts(page, ENGLISH);

  await switchTo(page, 'de');
  await expectShellTexts(page, GERMAN);
  await page.reload();
  await expectShellTexts(page, GERMAN);
  expect((await callFromPage<{ Language: string }>(page, 'Authorization', 'GetCurrentUser', {})).body.Language).toBe('de');

  await switchTo(page, 'pl');
  await expectShellTexts(page, POLISH);
  await page.reload();
  await expectShellTexts(page, POLISH);
  expect((await callFromPage<{ Language: string }>(page, 'Authorization', 'GetCurrentUser', {})).body.Language).toBe('pl');
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('pl');
});

test.describe('an en-US browser at a company outside the United States', () => {
  test.use({ locale: 'en-US' });
  test('reads dates the British way', async ({ page }) => {
    await signIn(page, 'company.admin');
    await page.getByTestId('terms-menu-button').click();
    await page.getByTestId('terms-menu-terms').click();
    await page.getByTestId('terms-accept').click();
    await expect(page.getByTestId('terms-accepted')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByTestId('terms-menu-button').click();
    await page.getByTestId('terms-menu-terms').click();
    // en-GB: "12 Mar 2026, 14:05"; en-US would be "Mar 12, 2026, 2:05 PM".
    await expect(page.getByTestId('terms-accepted')).toHaveText(/on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}\.$/);
  });
});
