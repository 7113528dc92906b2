/**
 * Wizards as layouts in the studio (issue 22): root.admin opens wizards/terminate, the layout /terminate
 * draws its form from, and the preview draws it as its steps — Next checks the step, the summary lists
 * the values, and the last button, which a preview does not press, names the call it would make;
 * then wizards/move, whose ChooseAccount step draws as a choice among accounts.
 */
import { expect, test } from '@playwright/test';
import { signInAs } from './account-support';
import { SHOTS } from './shots';
import { expectChecksPass } from './studio-support';

test('root.admin previews the terminate wizard in the studio as its steps', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInAs(page, 'root.admin');
  await page.goto('/v/#/studio?kind=layout&name=wizards%2Fterminate');
  await expect(page.getByTestId('studio-editor')).toBeVisible({ timeout: 30_000 });
  await expectChecksPass(page);
  const preview = page.getByTestId('studio-preview');
  await expect(preview.getByTestId('wizard-step-details')).toContainText('Terminate account');
  await expect(preview.getByTestId('wizard-step-review')).toContainText('Summary');

  await preview.getByTestId('wizard-next').click();
  await expect(preview.getByTestId('field-Reason')).toContainText('This field is required.');
  await preview.getByTestId('input-Reason').selectOption({ label: 'Other' });
  await preview.getByTestId('wizard-next').click();
  await expect(preview.getByTestId('wizard-summary-Reason')).toContainText('Other');
  await expect(preview.getByTestId('wizard-summary-When')).toContainText('Now');
  await expect(preview.getByTestId('wizard-submit')).toHaveText('Terminate now');
  await expect(preview.getByTestId('wizard-submit')).toBeDisabled();
  await expect(preview.getByText('Preview: the last step would call Account.TerminateAccount')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/studio-wizard-preview.png` });

  // wizards/move, the layout /move draws from: its ChooseAccount step is a choice among accounts (the
  // preview has no account to offer parents for), checked by Next like any field.
  await page.goto('/v/#/studio?kind=layout&name=wizards%2Fmove');
  await expectChecksPass(page, 30_000);
  await expect(preview.getByTestId('wizard-step-target')).toContainText('Choose the new parent');
  await expect(preview.getByRole('combobox', { name: /New parent account/ })).toBeVisible();
  await preview.getByTestId('wizard-next').click();
  await expect(preview.getByTestId('field-NewParent')).toContainText('This field is required.');
  await page.screenshot({ path: `${SHOTS}/studio-wizard-move-preview.png` });
});

// wizards/upgrade, the layout /upgrade-subscription draws from: the preview has no subscription, so its
// ChooseRow step shows the columns and where the rows come from, its AccountForm step what it would draw,
// and the review its sentences; its texts are in the editor's language.
test('root.admin previews the upgrade wizard: rows, an account form and review sentences', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInAs(page, 'root.admin');
  await page.goto('/v/#/studio?kind=layout&name=wizards%2Fupgrade');
  await expectChecksPass(page, 30_000);
  const preview = page.getByTestId('studio-preview');
  await expect(preview.getByTestId('wizard-step-product')).toContainText('Choose the product');
  await expect(preview.getByRole('columnheader', { name: 'Difference per unit' })).toBeVisible();
  await expect(preview.getByText('Preview: the rows come from Account.GetPossibleProductsForUpgrade.')).toBeVisible();
  await expect(preview.getByTestId('wizard-intro')).toHaveCount(0); // it reads the source's answer
  await page.screenshot({ path: `${SHOTS}/studio-wizard-upgrade-preview.png` });
  await preview.getByTestId('wizard-next').click();
  await expect(preview.getByText('Preview: this step shows the form of a Product from an earlier answer.')).toBeVisible();
  await preview.getByTestId('wizard-next').click();
  await expect(preview.getByTestId('wizard-line').last()).toHaveText('Each change is sent to the vendor as a provisioning request.');
  await expect(preview.getByTestId('wizard-submit')).toBeDisabled();
});
