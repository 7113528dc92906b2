/**
 * Issue 22, journey a: root.admin renames a column of a definition grid and
 * hides another in the studio, previews it as reseller.admin's role, publishes; reseller.admin's grid,
 * open all along, shows the change without a reload (realtime `definitions`);
 * a rollback restores it the same way. Built on the pricelists grid (the prices
 * grid becomes a screen definition in part A of the issue; see the report).
 */
import { expect, test, type Page } from '@playwright/test';
import { serviceCall, signInAs } from './account-support';
import { SHOTS } from './shots';
import { expectChecksPass } from './studio-support';

test.setTimeout(180_000);

const NAME = 'pricelists';
const RENAMED = 'Price list (renamed)';

const header = (page: Page, text: string) => page.getByTestId(`defined-grid-${NAME}`).getByRole('columnheader', { name: text, exact: true });

test('a column renamed and another hidden in the studio reach an open grid without a reload; a rollback restores them', async ({ browser }) => {
  // reseller.admin has the pricelists open before anything changes.
  const reseller = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await signInAs(reseller, 'reseller.admin');
  await reseller.goto('/v/#/pricelists');
  await expect(header(reseller, 'Name')).toBeVisible({ timeout: 60_000 });
  await expect(header(reseller, 'Currency')).toBeVisible();
  // A marker on the window: a reload would lose it.
  await reseller.evaluate(() => Object.assign(window, { studioJourneyMarker: 42 }));

  const admin = await (await browser.newContext({ viewport: { width: 1600, height: 1000 } })).newPage();
  await signInAs(admin, 'root.admin');
  const current = await serviceCall<{ Source: string }>(admin.request, 'Studio', 'GetDefinition', { kind: 'screen', name: NAME });
  const definition = JSON.parse(current.body.Source) as { columns: { field: string; label: unknown; hidden?: boolean }[] };
  for (const column of definition.columns) {
    if (column.field === 'Name') column.label = { en: RENAMED, de: 'Preisliste (umbenannt)' };
    if (column.field === 'Currency') column.hidden = true;
  }
  await admin.goto(`/v/#/studio?kind=screen&name=${NAME}`);
  await expectChecksPass(admin, 60_000);
  // The list names the screen by its title's text, not its key.
  await expect(admin.getByTestId(`studio-item-${NAME}`)).not.toContainText('pricelists.title');

  // The change typed into the JSON view.
  await admin.getByTestId('studio-tab-json').click();
  const editor = admin.locator('.cm-content');
  await editor.click();
  await admin.keyboard.press('Control+A');
  await admin.keyboard.insertText(JSON.stringify(definition, null, 2));
  await expectChecksPass(admin);
  // The preview draws the draft, as reseller.admin's role would get it.
  const preview = admin.getByTestId('studio-screen-preview');
  await preview.getByRole('combobox', { name: 'As role' }).click();
  await admin.getByRole('option', { name: 'Reseller administrator', exact: true }).click();
  await expect(preview.getByRole('combobox', { name: 'As role' })).toHaveText('Reseller administrator');
  await expect(preview.getByRole('columnheader', { name: RENAMED, exact: true })).toBeVisible();
  await expect(preview.getByRole('columnheader', { name: 'Currency', exact: true })).toHaveCount(0);
  await admin.screenshot({ path: `${SHOTS}/studio-screen-edit.png` });
  await admin.getByTestId('studio-publish').click();
  await admin.getByTestId('confirm-dialog').getByTestId('confirm-ok').click();
  await expect(admin.getByTestId(`studio-item-${NAME}`)).toContainText('Published');

  // The open grid follows, without a reload.
  await expect(header(reseller, RENAMED)).toBeVisible();
  await expect(header(reseller, 'Currency')).toHaveCount(0);
  expect(await reseller.evaluate(() => (window as unknown as { studioJourneyMarker?: number }).studioJourneyMarker)).toBe(42);
  await reseller.screenshot({ path: `${SHOTS}/studio-live-grid.png` });

  // A rollback to the shipped file restores both, again without a reload.
  await admin.getByTestId('studio-rollback-0').click();
  await expect(header(reseller, 'Name')).toBeVisible();
  await expect(header(reseller, 'Currency')).toBeVisible();
  expect(await reseller.evaluate(() => (window as unknown as { studioJourneyMarker?: number }).studioJourneyMarker)).toBe(42);
});
