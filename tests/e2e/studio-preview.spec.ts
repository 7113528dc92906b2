/**
 * The studio previews a draft as its route draws it, every kind of definition (the engine's one
 * screen renderer), and a preview changes nothing: a create in the preview is answered "not sent"
 * and the real list stays as it was.
 */
import { expect, test } from '@playwright/test';
import { signInAs } from './account-support';
import { SHOTS } from './shots';

test.setTimeout(120_000);

test('the preview of a create form sends nothing; the accounts panes are previewed as drawn', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'root.admin');
  // A token made on the real screen first: the list the preview must leave as it is.
  await page.goto('/v/#/api-tokens');
  await page.getByTestId('api-tokens-new-open').click();
  await page.getByTestId('api-tokens-new-name').fill('made-on-the-screen');
  await page.getByRole('checkbox', { name: 'SUBSCRIPTIONS Read' }).check();
  await page.getByTestId('api-tokens-new-submit').click();
  await expect(page.getByTestId('api-tokens-new-secret')).toHaveValue(/^mpt_/);
  await page.getByTestId('api-tokens-new-done').click();

  await page.goto('/v/#/studio?kind=screen&name=api-tokens');
  const preview = page.getByTestId('studio-screen-preview');
  await preview.getByTestId('api-tokens-new-open').click();
  await page.getByTestId('api-tokens-new-name').fill('made-in-preview');
  await page.getByRole('checkbox', { name: 'SUBSCRIPTIONS Read' }).check();
  await page.getByTestId('api-tokens-new-submit').click();
  await expect(page.getByText('The preview changes nothing: CreateApiToken was not sent.').first()).toBeVisible();
  await expect(page.getByTestId('api-tokens-new-secret')).toHaveCount(0);

  // The real screen: no token of that name was made.
  await page.goto('/v/#/api-tokens');
  await expect(page.getByTestId('api-tokens-screen')).toBeVisible();
  await expect(page.getByTestId('defined-grid-api-tokens').locator('.ag-row').filter({ hasText: 'made-on-the-screen' })).toBeVisible();
  await expect(page.getByTestId('defined-grid-api-tokens')).not.toContainText('made-in-preview');

  // Panes (a tree beside the record's head) are previewed as the accounts screen draws them.
  await page.goto('/v/#/studio?kind=screen&name=accounts');
  await expect(preview.getByTestId('accounts-tree')).toBeVisible();
  await expect(preview.getByTestId('accounts-selected-name')).not.toBeEmpty();
  await preview.screenshot({ path: `${SHOTS}/studio-preview-accounts-1440.png` });
});
