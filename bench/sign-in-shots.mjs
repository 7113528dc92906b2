// The sign-in page of the portal served at <url>, as a user first sees it: 1440 and 390 px wide, English and German.
// `node bench/sign-in-shots.mjs <url> <label>` writes bench/screenshots/sign-in/<label>-<width>-<language>.png
// (issue 37: before and after the plain-DOM form must look the same to a user).
import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';

const [url, label] = process.argv.slice(2);
if (!url || !label) throw new Error('usage: node bench/sign-in-shots.mjs <url> <label>');
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  for (const width of [1440, 390]) {
    for (const language of ['en', 'de']) {
      const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
      // The language a user chose before (src/i18n/languages.ts LOCALE_STORAGE_KEY).
      await context.addInitScript((chosen) => localStorage.setItem('locale', chosen), language);
      const page = await context.newPage();
      await page.goto(`${url}/v/#/login`);
      await page.locator('[data-testid="login-username"]').waitFor();
      // The fonts and the focus ring drawn.
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(500);
      await page.screenshot({ path: new URL(`screenshots/sign-in/${label}-${width}-${language}.png`, import.meta.url).pathname });
      await context.close();
    }
  }
} finally {
  await browser.close();
}
