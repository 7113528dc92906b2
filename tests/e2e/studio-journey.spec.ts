/**
 * The definition studio (issue 15): a product owner (root.admin) adds a field
 * with a condition to the Cloud Backup layout in the structure view, sees it in
 * the preview as an administrator and as a basic user, publishes it; the
 * account page of such a product shows it without a restart; a rollback takes
 * it away; an invalid edit shows its error at the field and cannot be published.
 */
import { expect, test, type Page } from '@playwright/test';
import { serviceCall, signInAs } from './account-support';
import { SHOTS } from './shots';
import { expectChecksPass } from './studio-support';

test.setTimeout(120_000);

let productId: number;

test.beforeAll(async ({ browser }) => {
  // A Cloud Backup subscription of Contoso's with encryption on (the condition of the new field).
  const page = await browser.newPage();
  await signInAs(page, 'root.admin');
  const found = await serviceCall<{ AccountId: number; AccountType: string }[]>(page.request, 'Account', 'SearchAccount', { text: 'Contoso Ltd' });
  const contoso = found.body.find((entry) => entry.AccountType === 'Company')!;
  const created = await serviceCall<{ AccountId: number }>(page.request, 'Account', 'CreateAccount', {
    parentAccountId: contoso.AccountId,
    accountType: 'Product',
    productName: 'Cloud Backup 100 GB',
    viewValues: { Values: { Quantity: 1, EncryptionEnabled: true, KeyEscrowEmail: 'keys@contoso.example', RetentionDays: 30, BackupWindow: 'night', StorageRegion: 'EU' } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  productId = created.body.AccountId;
  await page.close();
});

async function openStudio(page: Page) {
  await page.goto('/v/#/studio?kind=layout&name=products%2Fcloud-backup');
  await expect(page.getByTestId('studio-editor')).toBeVisible();
  await expectChecksPass(page);
}

test('root.admin adds a conditional field, previews it per role, publishes, rolls back; an invalid edit cannot be published', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  // The editor (CodeMirror, JSON-schema linting) must live within the CSP: no eval, no refused script.
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval/i.test(message.text())) cspViolations.push(message.text());
  });
  await signInAs(page, 'root.admin');

  // The admin console links to the studio.
  await page.goto('/v/#/admin-console/Studio');
  await page.getByTestId('admin-open-studio').click();
  await expect(page.getByTestId('studio-item-products/cloud-backup')).toContainText('File');
  await page.getByTestId('studio-item-products/cloud-backup').click();
  await expectChecksPass(page);

  // Structure view: add a field to the first container, name it, label it, show it only while encryption is on.
  await page.getByTestId('studio-add-field-0-0').click();
  // The property panel is a form our engine generates from the layout JSON Schema.
  const props = page.getByTestId('studio-property-form');
  await props.getByTestId('field-Name').locator('input').fill('EscrowContact');
  await props.getByTestId('field-Label').locator('input').fill('Escrow contact');
  await expect(props.getByTestId('field-Type')).toBeVisible();
  await expect(props.getByTestId('field-MfaRequired')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/studio-property-panel.png` });
  await page.getByTestId('studio-condition-field').click();
  await page.getByRole('option', { name: 'EncryptionEnabled', exact: true }).click();
  await expectChecksPass(page);

  // Drag it to the top of its group (the keyboard does the same with Alt+arrows).
  const firstName = await page.getByTestId('studio-container-0-0').locator('[data-testid^="studio-field-"]').first().getAttribute('data-testid');
  await page.getByTestId('studio-field-EscrowContact').dragTo(page.getByTestId(firstName!));
  await expect(page.getByTestId('studio-container-0-0').locator('[data-testid^="studio-field-"]').first()).toHaveAttribute('data-testid', 'studio-field-EscrowContact');
  await page.getByTestId('studio-field-EscrowContact').press('Alt+ArrowDown');
  await expect(page.getByTestId('studio-container-0-0').locator('[data-testid^="studio-field-"]').nth(1)).toHaveAttribute('data-testid', 'studio-field-EscrowContact');

  // The preview (EDIT, first role: the platform administrator) shows it, and follows the condition.
  const preview = page.getByTestId('studio-preview');
  await expect(preview.getByTestId('field-EscrowContact')).toBeVisible();
  // The preview has drawn the move too (on a busy machine a click could otherwise land while its fields still move).
  const structureOrder = await page.getByTestId('studio-container-0-0').locator('[data-testid^="studio-field-"]').evaluateAll((rows) => rows.slice(0, 3).map((row) => row.getAttribute('data-testid')!.replace('studio-field-', 'field-')));
  const previewFields = preview.locator(structureOrder.map((id) => `[data-testid="${id}"]`).join(', '));
  await expect.poll(() => previewFields.evaluateAll((fields) => fields.map((field) => field.getAttribute('data-testid')))).toEqual(structureOrder);
  await expect(preview.getByTestId('field-EscrowContact')).toContainText('Escrow contact');
  await page.screenshot({ path: `${SHOTS}/studio-structure-preview.png` });
  await preview.getByRole('checkbox', { name: 'Encrypt backups' }).uncheck();
  await expect(preview.getByTestId('field-EscrowContact')).toBeHidden();
  await preview.getByRole('checkbox', { name: 'Encrypt backups' }).check();
  await expect(preview.getByTestId('field-EscrowContact')).toBeVisible();

  // As a basic user: the same field, read-only (no PRODUCT_ACCOUNT Execute).
  await page.getByTestId('studio-role').click();
  const roleCount = await page.getByRole('option').count();
  await page.getByRole('option', { name: 'Basic user', exact: true }).click();
  await expect(preview.getByTestId('field-EscrowContact')).toBeVisible();
  await expect(preview.getByRole('textbox', { name: 'Escrow contact' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/studio-preview-basic-user.png` });

  // The review matrix says the same per role.
  await page.getByTestId('studio-review-tab').click();
  await expect(page.getByTestId('studio-review')).toContainText('Escrow contact');
  // Every role has its column; the field column stays in view while they scroll sideways.
  await expect(page.getByTestId('studio-review-role')).toHaveCount(roleCount);
  await expect(page.getByTestId('studio-review').getByRole('rowheader').first()).toHaveCSS('position', 'sticky');
  // Which accounts and products use it: our Contoso subscription among them, as a link.
  await expect(page.getByTestId('studio-usage')).toContainText('Cloud Backup 100 GB');
  await expect(page.getByTestId('studio-usage').getByRole('link').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/studio-review.png` });

  // The JSON view holds the same source.
  await page.getByTestId('studio-tab-json').click();
  // CodeMirror draws only what is in view: find the field with its search.
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+f');
  const find = page.locator('.cm-search input[name="search"]');
  await expect(find).toBeFocused();
  await find.pressSequentially('EscrowContact');
  await find.press('Enter');
  await expect(page.locator('.cm-content')).toContainText('"EscrowContact"');
  await page.screenshot({ path: `${SHOTS}/studio-json.png` });

  // Publishing asks first, naming the accounts that get the new version (count and names, from the server).
  await page.getByTestId('studio-publish').click();
  const confirmation = page.getByTestId('confirm-dialog');
  await expect(confirmation).toContainText(/Accounts that use this layout: \d+/);
  await expect(confirmation).toContainText('Among them:');
  await page.screenshot({ path: `${SHOTS}/studio-publish-confirm.png` });
  await confirmation.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('studio-item-products/cloud-backup')).toContainText('Published v1');

  // The diff between the shipped file and version 1, chosen in the version list.
  await page.getByTestId('studio-compare-0').check();
  await page.getByTestId('studio-compare-1').check();
  await expect(page.getByTestId('studio-diff-added')).toContainText('EscrowContact');
  await page.getByTestId('studio-diff').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/studio-diff.png` });

  // The account page of such a product shows it, no restart.
  await page.goto(`/v/#/account/${productId}`);
  await expect(page.getByTestId('field-EscrowContact')).toContainText('Escrow contact');
  await page.screenshot({ path: `${SHOTS}/studio-account-with-field.png` });

  // Rollback to the shipped file: gone again.
  await openStudio(page);
  await page.getByTestId('studio-rollback-0').click();
  await expect(page.getByTestId('studio-versions')).toContainText('Served');
  await expect(page.getByTestId('studio-rollback-1')).toBeVisible();
  // The list says what is served, and the preview shows it: the shipped file, without the field.
  await expect(page.getByTestId('studio-state-products/cloud-backup')).toHaveText('File served · draft v1');
  const previewToggle = page.getByTestId('studio-preview').getByRole('button', { name: 'Preview', exact: true });
  if ((await previewToggle.getAttribute('aria-pressed')) !== 'true') await previewToggle.click();
  await expect(page.getByTestId('studio-preview').getByTestId('field-RetentionDays')).toBeVisible();
  await expect(page.getByTestId('studio-preview').getByTestId('field-EscrowContact')).toHaveCount(0);
  await page.goto(`/v/#/account/${productId}`);
  await expect(page.getByTestId('field-RetentionDays')).toBeVisible();
  await expect(page.getByTestId('field-EscrowContact')).toHaveCount(0);

  // An invalid edit: a pattern that does not compile, shown at the field; publishing is refused.
  // (The editor opens the latest version, 1, where EscrowContact was moved to the second place.)
  await openStudio(page);
  await page.getByTestId('studio-field-KeyEscrowEmail').click();
  await page.getByTestId('studio-property-form').getByTestId('field-Pattern').locator('input').fill('[unclosed');
  await expect(page.getByTestId('studio-check-state')).toHaveText(/1 problem/);
  await expect(page.getByTestId('studio-properties')).toContainText('the pattern does not compile');
  await expect(page.getByTestId('studio-publish')).toBeDisabled();
  await expect(page.getByTestId('studio-problems')).toContainText('/Pages/0/Containers/0/Fields/5/Pattern');
  await page.screenshot({ path: `${SHOTS}/studio-invalid.png` });
  // The JSON view marks it too.
  await page.getByTestId('studio-tab-json').click();
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+f');
  // Typed into the search field once it has the focus (typed sooner, the keys would go elsewhere on a busy machine).
  const search = page.locator('.cm-search input[name="search"]');
  await expect(search).toBeFocused();
  await search.pressSequentially('[unclosed');
  await search.press('Enter');
  await search.press('Escape');
  await expect(page.locator('.cm-lintRange-error').first()).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/studio-invalid-json.png` });
  expect(cspViolations).toEqual([]);
});
