/**
 * The integrations journey (issue 26): company.admin makes an API token in the UI, a program calls the
 * API with it, the admin subscribes a local HTTPS receiver on the webhooks screen, accepts a quote the
 * reseller sent, the receiver gets the signed event and verifies it (Standard Webhooks), and the
 * screen replays it. The e2e server trusts the receiver's certificate through WEBHOOKS_CA_FILE
 * (playwright.config.ts) and allows 127.0.0.1 (WEBHOOKS_ALLOWED_ADDRESSES).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { companyIdOf, serviceCall, signInAs } from './account-support';
import { SHOTS } from './shots';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

test.setTimeout(180_000);
const caFile = resolve(import.meta.dirname, '../..', `.tmp/e2e-webhook-ca-${process.env.E2E_PORT ?? 8391}.pem`);
let receiver: WebhookReceiver;

test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
  mkdirSync(dirname(caFile), { recursive: true });
  copyFileSync(receiver.caFile, caFile);
});
test.afterAll(async () => receiver?.close());

test('token, subscription, accepted quote, signed event verified and replayed', async ({ page, browser, playwright }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'company.admin');
  const contosoId = await companyIdOf(page);

  // A token made in the UI, for a program.
  await page.goto('/v/#/api-tokens');
  await expect(page.getByTestId('api-tokens-screen')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('api-tokens-new-open').click();
  await page.getByTestId('api-tokens-new-name').fill('webhook sync');
  await page.getByRole('checkbox', { name: 'WEBHOOKS Read' }).check();
  await page.getByTestId('api-tokens-new-submit').click();
  const token = await page.getByTestId('api-tokens-new-secret').inputValue();
  await page.getByTestId('api-tokens-new-done').click();

  // The admin subscribes the receiver on the webhooks screen; the secret is shown once.
  await page.goto('/v/#/webhooks');
  await expect(page.getByTestId('webhooks-screen')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('webhooks-add-open').click();
  await page.getByLabel('Endpoint URL').fill(`${receiver.url}/journey`);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  const secret = (await page.getByTestId('webhooks-add-secret').inputValue()).trim();
  expect(secret).toMatch(/^whsec_/);
  await page.screenshot({ path: `${SHOTS}/webhooks-secret-once.png` });
  await page.getByTestId('webhooks-add-done').click();

  // The program sees the subscription with the token alone.
  const program = await playwright.request.newContext({ baseURL: page.url().replace(/\/v\/.*$/, '') });
  const listed = await program.post('/DataModel/service.svc/rest/Webhooks/ListWebhookEndpoints', { headers: { authorization: `Bearer ${token}` }, data: { accountId: contosoId } });
  expect(listed.status()).toBe(200);
  expect(JSON.stringify(await listed.json())).toContain(`${receiver.url}/journey`);
  await program.dispose();

  // The reseller sends a quote; the customer accepts it in the UI.
  const seller = await browser.newPage();
  await signInAs(seller, 'reseller.admin');
  const products = await serviceCall<{ Products: { ProductName: string; FeeType: string }[] }>(seller.request, 'Quotes', 'LoadCustomerQuoteProducts', { customerAccountId: contosoId, currency: 'GBP' });
  const productName = products.body.Products.find((product) => product.FeeType === 'monthly')!.ProductName;
  const quote = await serviceCall<{ Id: number }>(seller.request, 'Quotes', 'CreateQuote', {
    quote: { Name: `Webhook journey ${Date.now() % 100_000}`, CustomerAccountId: contosoId, Currency: 'GBP', Products: [{ ProductName: productName, Quantity: 1 }] },
  });
  expect((await serviceCall(seller.request, 'Quotes', 'SendQuote', { quoteId: quote.body.Id })).status).toBe(200);
  await seller.close();
  await page.goto(`/v/#/quotes/${quote.body.Id}`);
  await page.getByTestId('quote-accept').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('quote-status')).toHaveAttribute('data-status', 'Accepted');

  // The receiver gets quote.sent, the subscription the acceptance created and quote.accepted, each verified with
  // the secret. The last two come from one transaction and are delivered side by side: their order of arrival varies.
  const hooks = await receiver.waitFor('/journey', 3, 60_000);
  const verifier = new Webhook(secret);
  const events = hooks.map((hook) => verifier.verify(hook.body, hook.headers) as { type: string; data: { quoteId: number } });
  expect(events[0].type).toBe('quote.sent');
  expect(events.map((event) => event.type).sort()).toEqual(['quote.accepted', 'quote.sent', 'subscription.created']);
  const acceptedAt = events.findIndex((event) => event.type === 'quote.accepted');
  expect(events[acceptedAt].data.quoteId).toBe(quote.body.Id);

  // The screen lists the deliveries; replaying the accepted one sends the same message again.
  await page.goto('/v/#/webhooks');
  // The endpoint's deliveries open under the grid (screen-definitions/screens/webhooks.json, master–detail).
  await page.getByRole('button', { name: /Show the rows under Deliveries to .*\/journey/ }).click();
  const accepted = page.getByTestId('grid-detail-row').filter({ hasText: 'quote.accepted' }).first();
  await expect(accepted).toContainText('Delivered', { timeout: 30_000 });
  await expect(accepted).toContainText('200');
  await accepted.getByRole('button', { name: 'Replay' }).click();
  const again = await receiver.waitFor('/journey', 4, 60_000);
  expect(again[3].headers['webhook-id']).toBe(hooks[acceptedAt].headers['webhook-id']);
  expect((verifier.verify(again[3].body, again[3].headers) as { type: string }).type).toBe('quote.accepted');
  await expect(page.getByTestId('grid-detail-row')).toHaveCount(4, { timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/webhooks-deliveries.png`, fullPage: true });
});
