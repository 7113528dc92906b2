/**
 * Issue 24, item 6, by keyboard: Enter in a field of a form with pages stays on its page (it submitted the form, whose
 * check showed the page of the first invalid field), and a table wider than a phone is a named region the keyboard
 * scrolls (ScrollTable).
 */
import { expect, test } from '@playwright/test';
import { companyIdOf, signInAs } from './account-support';
import { SHOTS } from './shots';

test('Enter in a field of the new company form stays on its page; the save button still shows the page to fix', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 'root.admin');
  await page.goto('/v/#/account/new/company');
  const name = page.locator('#field-input-DisplayName');
  await expect(name).toBeVisible({ timeout: 20_000 });
  const selectedTab = page.getByRole('tab', { selected: true });
  await expect(selectedTab).toHaveText('General information');
  // The first page filled in; the address page still has required fields.
  await name.fill('Keyboard Ltd');
  await page.locator('#field-input-Email').fill('office@keyboard.example');
  await name.press('Enter');
  await page.waitForTimeout(500);
  await expect(selectedTab).toHaveText('General information');
  await expect(name).toBeFocused();
  await expect(page).toHaveURL(/#\/account\/new\/company$/);

  // Saving is asked for by the button: then the page of the first invalid field is shown.
  await page.getByTestId('form-save').click();
  await expect(selectedTab).toContainText('Address');
});

test('at 390 px the online bill is a named region the keyboard scrolls sideways', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'company.admin');
  await page.goto(`/v/#/account/${await companyIdOf(page)}/billing`);
  await expect(page.getByTestId('billing-line').first()).toBeVisible({ timeout: 20_000 });
  const region = page.getByRole('region', { name: 'Billing' });
  await expect(region).toHaveAttribute('tabindex', '0');
  await region.focus();
  // The arrow keys scroll the focused box (End would scroll it down, not sideways).
  for (let step = 0; step < 15; step += 1) await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
  await expect(page.getByRole('columnheader', { name: 'Amount' })).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/keyboard-bill-390-scrolled.png` });
});
