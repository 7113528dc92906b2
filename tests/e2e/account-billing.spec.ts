/**
 * The billing tab of a company: company.admin sees Contoso's online bill (lines
 * and the total the server computes), switches to last month, and downloads files.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { companyIdOf, serviceCall, signInAs } from './account-support';

test.setTimeout(90_000);

interface Bill { Total: number; Lines: { Share: number }[]; Currency: string }
interface Interval { Id: number }

/** The digits a user reads for an amount, whatever the grouping separator. */
const digits = (text: string) => text.replace(/[^\d.-]/g, '');

test('company.admin reads the online bill of Contoso, changes the month and downloads it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'company.admin');
  const contosoId = await companyIdOf(page);
  const intervals = (await serviceCall<Interval[]>(page.request, 'Billing', 'GetIntervalsForCompany', { companyAccountId: contosoId })).body;
  const bill = async (billingInterval: number) =>
    (await serviceCall<Bill>(page.request, 'Billing', 'Onlinebill_GenerateCompanyProductReport', { companyAccountId: contosoId, billingInterval, currency: 'GBP' })).body;
  const current = await bill(intervals[0].Id);
  const previous = await bill(intervals[1].Id);
  expect(current.Lines.length).toBeGreaterThan(3);

  await page.goto(`/v/#/account/${contosoId}`);
  await page.getByTestId('account-tab-billing').click();
  await expect(page).toHaveURL(new RegExp(`#/account/${contosoId}/billing$`));
  await expect(page.getByTestId('billing-currency')).toContainText('GBP');
  await expect(page.getByTestId('billing-line')).toHaveCount(current.Lines.length);
  await expect(page.getByTestId('billing-total')).toContainText('£');
  expect(digits(await page.getByTestId('billing-total').innerText())).toBe(current.Total.toFixed(2));
  // A line billed for part of the month says which part.
  const partial = current.Lines.filter((line) => line.Share < 1);
  await expect(page.getByTestId('billing-pro-rated')).toHaveCount(partial.length);
  if (partial.length) await expect(page.getByTestId('billing-pro-rated').first()).toHaveText(`${Math.round(partial[0].Share * 100)}% of the month`);
  await page.screenshot({ path: '/tmp/billing-tab.png', fullPage: true });

  // Last month: other lines (its custom charges), another total.
  await page.getByTestId('billing-interval').click();
  await page.getByTestId(`billing-interval-${intervals[1].Id}`).click();
  await expect(page.getByTestId('billing-line')).toHaveCount(previous.Lines.length);
  await expect.poll(async () => digits(await page.getByTestId('billing-total').innerText())).toBe(previous.Total.toFixed(2));

  await page.getByTestId('billing-group-by-customers').click();
  await expect(page.getByTestId('billing-group').first()).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByTestId('billing-download-excel').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^online-bill-export-Contoso_Ltd-\d{6}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(await file.path()) as unknown as ArrayBuffer);
  expect(workbook.worksheets[0].rowCount).toBe(previous.Lines.length + 2);

  const pdf = page.waitForEvent('download');
  await page.getByTestId('billing-download-pdf').click();
  expect(readFileSync(await (await pdf).path()).subarray(0, 5).toString()).toBe('%PDF-');
});
