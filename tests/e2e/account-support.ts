/** Helpers of the account form end-to-end tests: German UI, sign-in (with TOTP through the API), service calls. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEFAULT_DEMO_PASSWORD } from '../../server/config';
import { unusedDemoTotp } from './totp-steps';

export { SHOTS } from './shots';

export async function useGerman(page: Page) {
  await page.addInitScript(() => localStorage.setItem('locale', 'de'));
}

export async function serviceCall<T = unknown>(request: APIRequestContext, service: string, method: string, body: unknown = {}): Promise<{ status: number; body: T }> {
  let xsrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  if (!xsrf) {
    await request.get('/v/');
    xsrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  }
  const response = await request.post(`/DataModel/service.svc/rest/${service}/${method}`, { data: body, headers: { 'X-XSRF-TOKEN': xsrf ?? '', 'Accept-Language': 'de' } });
  const text = await response.text();
  return { status: response.status(), body: (text && response.headers()['content-type']?.includes('json') ? JSON.parse(text) : text) as T };
}

/** Signs in through the page's own cookies (with an unused TOTP code for MFA users), then opens the app. */
export async function signInAs(page: Page, userName: string, withTotp = false) {
  const body = { userName, password: DEFAULT_DEMO_PASSWORD, ...(withTotp ? { mfaToken: await unusedDemoTotp() } : {}) };
  const result = await serviceCall(page.request, 'Authorization', 'Authenticate', body);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
}

export async function companyIdOf(page: Page): Promise<number> {
  const me = await serviceCall<{ CompanyAccount: { AccountId: number } }>(page.request, 'Authorization', 'GetCurrentUser');
  return me.body.CompanyAccount.AccountId;
}

/** Chooses an option of a combobox field by its label. */
export async function choose(page: Page, label: string | RegExp, option: string, typed?: string) {
  const input = page.getByRole('combobox', { name: label, exact: typeof label === 'string' });
  await input.click();
  if (typed) await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Signs in as reseller.admin and opens one of its draft quotes, waiting for its lines. */
export async function openDraftQuoteWithLines(page: Page) {
  await signInAs(page, 'reseller.admin');
  const drafts = await serviceCall<{ Rows: { Id: number }[] }>(page.request, 'Quotes', 'ListQuotesWithPagination', {
    input: { startRow: 0, endRow: 5, filterModel: { Status: { filterType: 'set', values: ['Draft'] } } },
  });
  expect(drafts.status).toBe(200);
  await page.goto(`/v/#/quotes/${drafts.body.Rows[0].Id}`);
  await expect(page.getByTestId('line').first()).toBeVisible({ timeout: 30_000 });
}
