/**
 * Every value in the user's language (issue 16, item 5): in German the audit log
 * reads as sentences with German action names and links to the accounts they
 * name, and a grid shows fee types and categories in German, not as stored.
 */
import { expect, test } from '@playwright/test';
import { companyIdOf, signInAs, useGerman } from './account-support';
import { SHOTS } from './grids-support';

test.setTimeout(90_000);

test('the audit log of Contoso reads as German sentences', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await useGerman(page);
  await signInAs(page, 'company.admin');
  const contosoId = await companyIdOf(page);
  await page.goto(`/v/#/account/${contosoId}/audit-log`);
  const grid = page.getByTestId('defined-grid-audit-log');
  // The first page of a fresh server may take a while on a busy machine.
  // Loaded rows, not the placeholder row shown while the page loads.
  await expect(grid.locator('.ag-row [col-id="Action"]').first()).toHaveText(/\S/, { timeout: 45_000 });
  const actions = grid.locator('.ag-row [col-id="Action"]');
  await expect(actions.first()).toBeVisible();
  const shownActions = await actions.allInnerTexts();
  // German names, never the stored event names.
  // Earlier journeys add entries of their own, so the first page varies: German action names, whichever they are.
  expect(shownActions.some((text) => /geändert|angelegt|gelöscht|gesendet|abgeschlossen|freigegeben|verschoben|gespeichert/.test(text))).toBe(true);
  expect(shownActions.filter((text) => /^[A-Z][a-z]+[A-Z]\w+$/.test(text))).toEqual([]);
  const details = await grid.locator('.ag-row [col-id="Details"]').allInnerTexts();
  // Whichever entries the first page holds, its details are German sentences (ending as German sentences do).
  expect(details.some((text) => /von „.*“ auf „.*“ geändert$|(angelegt|gelöscht|gespeichert|bestellt|verschoben|erneut gesendet)$|^Bestellung \d+ freigegeben$|^Import \d+ abgeschlossen/.test(text))).toBe(true);
  expect(details.join('\n')).not.toMatch(/NewValue|Field:|importId/);
  await page.screenshot({ path: `${SHOTS}/values-de-audit-log.png` });

  // An account a sentence names is a link to it.
  const link = grid.locator('.ag-row [col-id="Details"] a.dg-link').first();
  if ((await link.count()) > 0) {
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^#\/account\/\d+$/);
  }
});

test('the service tool shows fee types and categories in German', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await useGerman(page);
  await signInAs(page, 'vendor.admin');
  await page.goto('/v/#/service-tool');
  const grid = page.getByTestId('defined-grid-my-services');
  // The service list of a fresh server may take a while on a busy machine.
  await expect(grid.locator('.ag-row [col-id="FeeType"]').first()).toBeVisible({ timeout: 45_000 });
  // The grid draws a row's cells over a few frames: read them once every rendered one holds its text.
  const feeTypeCells = grid.locator('.ag-row [col-id="FeeType"]');
  await expect.poll(async () => (await feeTypeCells.allInnerTexts()).filter((text) => text.trim() === '').length, { timeout: 15_000 }).toBe(0);
  const feeTypes = await feeTypeCells.allInnerTexts();
  expect(feeTypes.length).toBeGreaterThan(0);
  const german = ['Monatlich mit Grundgebühr', 'Monatlich', 'Einmalig', 'Alle N Monate', 'Im Voraus für N Monate'];
  for (const text of feeTypes) expect(german, text).toContain(text);
  const categories = await grid.locator('.ag-row [col-id="Category"]').allInnerTexts();
  expect(categories.some((text) => ['Sicherheit', 'Datensicherung', 'Produktivität', 'Kommunikation', 'Infrastruktur', 'Analyse', 'Dienstleistungen', 'Entwicklerwerkzeuge'].includes(text))).toBe(true);
  await page.screenshot({ path: `${SHOTS}/values-de-service-tool.png` });
});
