import AxeBuilder from '@axe-core/playwright';
import { AXE_SOURCE } from './axe-findings';
import { expect, test, type Page } from '@playwright/test';
import { SHOTS, signIn } from './shell-support';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** axe-core: serious and critical violations, with what and where, for a readable failure. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page, axeSource: AXE_SOURCE }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`) }));
}

test.describe('the shell looks right and is accessible', () => {
  // Many screenshots and axe runs on a shared 2-core machine.
  test.describe.configure({ timeout: 180_000 });
  test('light and dark, desktop and phone, with search results and menus open', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'company.admin');
    await expect(page.getByTestId('shell-footer')).toBeVisible();
    await expect(page.getByTestId('contact-support')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/shell-desktop-light.png` });
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('global-search').fill('contoso');
    await expect(page.getByTestId('search-account').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/shell-desktop-search.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('global-search').press('Escape');

    await page.getByTestId('profile-menu-button').click();
    await expect(page.getByTestId('menu-theme')).toBeVisible();
    // Nor while it fades in: its texts are then grey on white.
    await expect(page.locator('.MuiMenu-paper')).toHaveCSS('opacity', '1');
    await page.screenshot({ path: `${SHOTS}/shell-desktop-profile-menu.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('menu-theme').click();
    await page.keyboard.press('Escape');
    // axe must not read the menu while it fades out (its items are then near-white on white).
    await expect(page.getByTestId('menu-theme')).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/shell-desktop-dark.png` });
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${SHOTS}/shell-phone-dark.png` });
    await page.getByTestId('profile-menu-button').click();
    await page.getByTestId('menu-theme').click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('menu-theme')).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/shell-phone-light.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('search-open').click();
    await page.getByTestId('global-search').fill('backup');
    await expect(page.getByTestId('search-panel')).toBeVisible();
    await expect(page.getByTestId('search-service').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/shell-phone-search.png` });
    await page.getByTestId('global-search').press('Escape');
    await expect(page.getByTestId('global-search')).toHaveCount(0);
    await page.getByTestId('contact-support').click();
    await expect(page.getByTestId('support-section-technical')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/shell-phone-support-panel.png` });
  });

  test("root.admin's full menus, desktop and phone", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'root.admin');
    await page.getByTestId('profile-menu-button').click();
    await expect(page.getByTestId('sign-out')).toBeVisible();
    // Opened, not still fading in: axe measures the colours as drawn (a group heading mid-fade was #888 on white).
    await expect(page.locator('.MuiMenu-paper')).toHaveCSS('opacity', '1');
    await page.screenshot({ path: `${SHOTS}/shell-desktop-profile-menu-root.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('new-menu-button').click();
    await expect(page.getByTestId('new-newUser')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/shell-desktop-new-menu-root.png` });
    await page.keyboard.press('Escape');
    await page.setViewportSize(PHONE);
    await page.getByTestId('profile-menu-button').click();
    await expect(page.getByTestId('sign-out')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/shell-phone-profile-menu-root.png` });
  });

  test('the login page has no serious accessibility violations and loads neither AG Grid nor RJSF', async ({ page }) => {
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if ((response.headers()['content-type'] ?? '').includes('javascript')) scripts.push(response.text());
    });
    await page.setViewportSize(DESKTOP);
    await page.goto('/v/#/login');
    await expect(page.getByTestId('login-username')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await seriousViolations(page)).toEqual([]);
    // Every script of the page has arrived; one still arriving when the test ends must not fail it.
    await page.waitForLoadState('networkidle');
    const code = (await Promise.all(scripts.map((script) => script.catch(() => '')))).join('\n');
    expect(code).not.toMatch(/ag-grid|AG Grid/);
    expect(code).not.toMatch(/@rjsf|["'\s]rjsf["'\s]/);
  });
});
