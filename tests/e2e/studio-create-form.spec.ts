/**
 * Issue 22, journey b: vendor.admin creates the provisioning form of a product
 * of its own in the studio (from the template, its title per language), sees
 * texts not keys, publishes it; company.admin orders that product and fills the
 * new form without a restart; the order's provisioning request is for the new
 * subscription, whose values carry what was typed.
 */
import { expect, test } from '@playwright/test';
import { serviceCall, signInAs, choose } from './account-support';
import { SHOTS } from './shots';
import { expectChecksPass } from './studio-support';

test.setTimeout(180_000);

const PRODUCT = 'Adatum Project Plan 1';
const NAME = 'products/adatum-project';

test('vendor.admin creates a product form in the studio; company.admin orders with it', async ({ browser }) => {
  const vendorPage = await (await browser.newContext({ viewport: { width: 1600, height: 1000 } })).newPage();
  await signInAs(vendorPage, 'vendor.admin');
  await vendorPage.goto('/v/#/studio');
  await expect(vendorPage.getByTestId('studio')).toBeVisible();
  await vendorPage.getByTestId('studio-new').click();
  const dialog = vendorPage.getByTestId('studio-new-dialog');
  await dialog.getByTestId('studio-new-template').click();
  await vendorPage.getByTestId('studio-template-product-form').click();
  await dialog.getByTestId('studio-new-name').fill('adatum-project');
  await dialog.getByTestId('studio-new-title-en').fill('Project workspace');
  await dialog.getByRole('button', { name: 'All languages' }).click();
  await dialog.getByTestId('studio-new-title-de').fill('Projektbereich');
  const products = dialog.getByRole('combobox', { name: 'Products' });
  await products.fill(PRODUCT);
  await products.press('Enter');
  await expect(dialog.getByRole('button', { name: PRODUCT })).toBeVisible();
  await vendorPage.screenshot({ path: `${SHOTS}/studio-new-definition.png` });
  await dialog.getByTestId('studio-new-create').click();

  // The new form opens in the editor as a draft of the vendor's, checks passing.
  await expect(vendorPage).toHaveURL(/name=products%2Fadatum-project/);
  await expectChecksPass(vendorPage);
  await expect(vendorPage.getByTestId(`studio-item-${NAME}`)).toContainText(PRODUCT);
  await expect(vendorPage.getByTestId(`studio-item-${NAME}`)).toContainText('Draft');
  // The property panel shows the label's text, never its key.
  await vendorPage.getByTestId('studio-field-Reference').click();
  const label = vendorPage.getByTestId('studio-property-form').getByTestId('field-Label').locator('input');
  await expect(label).toHaveValue('Reference');
  await vendorPage.screenshot({ path: `${SHOTS}/studio-new-definition-editor.png` });
  await vendorPage.getByTestId('studio-publish').click();
  await vendorPage.getByTestId('confirm-dialog').getByTestId('confirm-ok').click();
  await expect(vendorPage.getByTestId(`studio-item-${NAME}`)).toContainText('Published v1');

  // company.admin orders the product: the new form is there, without a restart.
  const companyPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInAs(companyPage, 'company.admin');
  await companyPage.goto('/v/#/account/new/service');
  await choose(companyPage, 'Service to order', PRODUCT, 'Adatum Project Plan 1');
  await companyPage.getByTestId('product-continue').click();
  const reference = companyPage.getByRole('textbox', { name: 'Reference' });
  await expect(reference).toBeVisible();
  await reference.fill('PRJ-42');
  await companyPage.screenshot({ path: `${SHOTS}/studio-new-form-order.png`, fullPage: true });
  await companyPage.getByTestId('form-save').click();
  await expect(companyPage).toHaveURL(/#\/account\/\d+$/);
  await expect(companyPage.getByTestId('value-Reference')).toHaveText('PRJ-42');

  // The provisioning request of the order is for that subscription, and its values carry the new field.
  const accountId = Number(/#\/account\/(\d+)$/.exec(companyPage.url())![1]);
  const requests = await serviceCall<{ Rows: { AccountId: number; OrderAction: string }[] }>(companyPage.request, 'Provisioning', 'GetProvisioningRequestsFilter', {
    accountId,
    query: { startRow: 0, endRow: 10 },
  });
  expect(requests.status, JSON.stringify(requests.body)).toBe(200);
  expect(requests.body.Rows).toContainEqual(expect.objectContaining({ AccountId: accountId, OrderAction: 'Create' }));
  const account = await serviceCall<{ Views: { Values: Record<string, unknown> } }>(companyPage.request, 'Account', 'LoadAccountById', { accountId });
  expect(account.body.Views.Values.Reference).toBe('PRJ-42');
});
