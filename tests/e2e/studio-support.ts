/** The studio in a journey: waiting for its checks to pass, and saying which problems it shows when they do not. */
import { expect, type Page } from '@playwright/test';

/** Waits until the studio says all checks pass; a failure names the problems listed (what the user reads). */
export async function expectChecksPass(page: Page, timeout = 20_000): Promise<void> {
  try {
    await expect(page.getByTestId('studio-check-state')).toHaveText('All checks pass', { timeout });
  } catch (error) {
    const problems = await page.getByTestId('studio-problems').allInnerTexts();
    throw new Error(`the studio's checks do not pass: ${problems.join(' | ') || '(no problem listed)'}\n${(error as Error).message}`);
  }
}
