/**
 * One voice (issue 24, item 1): date inputs follow the portal's language, not the browser's. In an en-US
 * browser the quote's "valid until" reads 19.01.2027 on a German or Polish page and 01/19/2027 on an English
 * one (root.admin's company is in the United States), and the value saved is the same ISO day.
 * The date picker's code is not loaded by the sign-in page. A quote's lines fit their box at 1440 px in Polish.
 */
import AxeBuilder from '@axe-core/playwright';
import { AXE_SOURCE } from './axe-findings';
import { expect, test } from '@playwright/test';
import { openDraftQuoteWithLines, serviceCall, signInAs } from './account-support';
import { shownDate, typeDate } from './date-input';
import { SHOTS } from './shots';

test.use({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
test.setTimeout(90_000);

test('the sign-in page loads no date picker code', async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  await page.goto('/v/#/login');
  await expect(page.getByTestId('login-username')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('login-username').fill('x');
  const loaded = await Promise.all(scripts);
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.filter((code) => code.includes('MuiPickersSectionList')).length).toBe(0);
});

for (const [language, expected] of [
  ['de', '19.01.2027'],
  ['pl', '19.01.2027'],
  ['en', '01/19/2027'],
] as const) {
  test(`a quote's valid-until date reads ${expected} in ${language} in an en-US browser`, async ({ page }) => {
    await page.addInitScript((locale) => localStorage.setItem('locale', locale), language);
    await signInAs(page, 'root.admin');
    await page.goto('/v/#/quotes');
    await page.getByTestId('new-quote').click();
    const field = page.getByTestId('quote-valid-until');
    await typeDate(field, '2027-01-19');
    await expect(shownDate(field)).toHaveValue(expected);
    await expect(field.getByRole('group')).toContainText(expected.replace(/\D/g, '').slice(0, 2));
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    // The date input itself passes axe: no serious or critical violation.
    const axe = await new AxeBuilder({ page, axeSource: AXE_SOURCE }).include('[data-testid="quote-valid-until"]').analyze();
    expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/one-voice-date-${language}.png` });
  });
}

for (const width of [1440, 390]) {
  test(`the audit log's date filter reads and filters German dates at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript(() => localStorage.setItem('locale', 'de'));
    await signInAs(page, 'company.admin');
    const me = await serviceCall<{ CompanyAccount: { AccountId: number } }>(page.request, 'Authorization', 'GetCurrentUser');
    await page.goto(`/v/#/account/${me.body.CompanyAccount.AccountId}/audit-log`);
    const grid = page.getByTestId('defined-grid-audit-log');
    await expect(grid.locator('.ag-row').first()).toBeVisible({ timeout: 45_000 });
    await grid.getByTestId('grid-filters-toggle').click();
    const from = page.getByTestId('grid-filter-Date-from');
    await typeDate(from, '2020-01-19');
    await expect(shownDate(from)).toHaveValue('19.01.2020');
    await typeDate(page.getByTestId('grid-filter-Date-to'), '2020-01-20');
    await page.getByTestId('grid-filters-apply').click();
    // Nothing happened in the audit log in January 2020: the rows of today are gone.
    await expect(grid.locator('.ag-row')).toHaveCount(0, { timeout: 20_000 });
    await page.screenshot({ path: `${SHOTS}/one-voice-date-filter-${width}.png` });
  });
}

test("a quote's lines fit their box at 1440 px in Polish, whose column names are the longest", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'pl'));
  await openDraftQuoteWithLines(page);
  // The table scrolls sideways inside its box when it is wider: at 1440 px it must not need to
  // (the remove button of each line was half hidden behind the box's edge).
  const box = page.getByTestId('defined-lines-table').locator('xpath=..');
  expect(await box.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  await expect(page.getByTestId('line').first().getByTestId('line-remove')).toBeInViewport({ ratio: 1 });
});
