/**
 * The API tokens and webhooks screens drawn from their definitions (issue 22), at 390 and 1440 px:
 * company.admin subscribes an endpoint (its secret shown once), rotates its secret on the endpoint's
 * panel (the new one shown once), switches it off and on again, deletes it, and the token form
 * fits a phone. The journey (integrations-journey.spec.ts) covers deliveries and replay.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './account-support';
import { SHOTS } from './shots';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

test.setTimeout(120_000);
let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => receiver?.close());

const endpointRow = (page: Page, path: string) => page.locator('.ag-row').filter({ hasText: path }).first();
/** The row's panel (a phone's grid draws only the columns in view; the panel shows every field and the row actions). */
async function openPanel(page: Page, path: string) {
  await endpointRow(page, path).click();
  const panel = page.locator('.MuiDrawer-paper');
  await expect(panel).toContainText(path);
  return panel;
}
/** The panel once the reloaded row shows `text` (the rows reload after an action; a click may still meet the old row). */
async function panelShowing(page: Page, path: string, text: string) {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(await openPanel(page, path)).toContainText(text, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return page.locator('.MuiDrawer-paper');
}

for (const width of [390, 1440]) {
  test(`webhooks at ${width} px: subscribe, rotate, disable, enable, delete`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, 'company.admin');
    const path = `/screens-${width}`;
    await page.goto('/v/#/webhooks');
    await expect(page.getByTestId('webhooks-screen')).toBeVisible({ timeout: 30_000 });

    await page.getByTestId('webhooks-add-open').click();
    await page.getByLabel('Endpoint URL').fill(`${receiver.url}${path}`);
    // Every event is ticked at first; one less is still a valid subscription.
    await page.getByRole('checkbox', { name: 'user.removed' }).uncheck();
    await page.screenshot({ path: `${SHOTS}/webhooks-add-${width}.png` });
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const first = await page.getByTestId('webhooks-add-secret').inputValue();
    expect(first).toMatch(/^whsec_/);
    await expect(page.getByTestId('webhooks-add-shown')).toContainText(`${receiver.url}${path}`);
    await page.getByTestId('webhooks-add-done').click();
    let panel = await openPanel(page, path);
    await expect(panel).toContainText('Enabled');
    await expect(panel).not.toContainText('user.removed');

    // Rotate on the endpoint's panel: asked first, then the new secret is shown once.
    await page.getByTestId('grid-row-action-rotate').click();
    await page.getByTestId('grid-action-confirm').click();
    const second = await page.getByTestId('webhooks-rotate-secret').inputValue();
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);
    await page.screenshot({ path: `${SHOTS}/webhooks-rotated-${width}.png` });
    await page.getByTestId('webhooks-rotate-done').click();

    await openPanel(page, path);
    await page.getByTestId('grid-row-action-disable').click();
    panel = await panelShowing(page, path, 'Disabled');
    await expect(panel).toContainText('Switched off');
    await expect(page.getByTestId('grid-row-action-disable')).toHaveCount(0);
    await page.getByTestId('grid-row-action-enable').click();
    await panelShowing(page, path, 'Enabled');
    await page.keyboard.press('Escape');

    // The deliveries panel opens under the grid: this endpoint's, with its replay-all button (other journeys
    // running beside this one may already have sent it events of company.admin's company).
    await page.getByRole('button', { name: new RegExp(`Show the rows under Deliveries to .*${path}`) }).click();
    await expect(page.getByTestId('grid-detail-rows')).toContainText(`Deliveries to ${receiver.url}${path}`);
    await expect(page.getByTestId('grid-detail-rows')).toContainText(/Replay failed \(\d+\)/);
    await page.screenshot({ path: `${SHOTS}/webhooks-screen-${width}.png`, fullPage: true });

    await openPanel(page, path);
    await page.getByTestId('grid-row-action-delete').click();
    await page.getByTestId('grid-action-confirm').click();
    await expect(endpointRow(page, path)).toHaveCount(0);
  });
}

test('the API token form and list at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'company.admin');
  await page.goto('/v/#/api-tokens');
  await expect(page.getByTestId('api-tokens-screen')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('api-tokens-new-open').click();
  await page.getByTestId('api-tokens-new-name').fill('phone');
  // Without a capability the token cannot be made.
  await expect(page.getByTestId('api-tokens-new-submit')).toBeDisabled();
  await page.getByRole('checkbox', { name: 'SUBSCRIPTIONS Read' }).check();
  await page.screenshot({ path: `${SHOTS}/api-token-create-390.png` });
  await page.getByTestId('api-tokens-new-submit').click();
  await expect(page.getByTestId('api-tokens-new-secret')).toHaveValue(/^mpt_/);
  await page.getByTestId('api-tokens-new-done').click();
  await page.screenshot({ path: `${SHOTS}/api-token-list-390.png` });
  await page.locator('.ag-row').filter({ hasText: 'phone' }).first().click();
  await expect(page.locator('.MuiDrawer-paper')).toContainText('Active');
  await expect(page.getByTestId('grid-row-action-revoke')).toBeVisible();
});

test('root.admin previews the tokens and webhooks definitions in the studio', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'root.admin');
  for (const name of ['api-tokens', 'webhooks']) {
    await page.goto(`/v/#/studio?kind=screen&name=${name}`);
    const preview = page.getByTestId('studio-screen-preview');
    // The create form's button is drawn in the preview as on the screen.
    await expect(preview.getByTestId(name === 'webhooks' ? 'webhooks-add-open' : 'api-tokens-new-open')).toBeVisible({ timeout: 30_000 });
    await expect(preview.getByTestId(`defined-grid-${name}`)).toBeVisible();
    await preview.screenshot({ path: `${SHOTS}/${name}-studio-preview-1440.png` });
  }
});
