/**
 * Types a date into the portal's one date input (renderers/inputs/DateInput) as a user does: section by
 * section (day, month, year in the language's order; then hours, minutes and, in 12-hour English, AM/PM).
 * `value` is ISO: yyyy-mm-dd or yyyy-mm-ddThh:mm.
 */
import { expect, type Locator } from '@playwright/test';

export async function typeDate(field: Locator, value: string): Promise<void> {
  const [date, time] = value.split('T');
  const [year, month, day] = date.split('-');
  const [hours, minutes] = time ? time.split(':').map(Number) : [];
  const sections = field.getByRole('spinbutton');
  // Until reached, the field is a plain box showing the date; a click hands it to the picker.
  const plain = field.locator('input[data-date-text]');
  await expect(plain.or(sections.first())).toBeVisible({ timeout: 20_000 });
  if ((await plain.count()) > 0) await plain.click();
  await expect(sections.first()).toBeVisible({ timeout: 20_000 });
  const count = await sections.count();
  const twelveHours = count === 6;
  await sections.first().click();
  for (let index = 0; index < count; index += 1) {
    const section = sections.nth(index);
    const max = await section.getAttribute('aria-valuemax');
    let typed: string;
    // Told apart by their largest value: the year's has four digits, the month's is 12, the day's that of the month shown.
    if (index < 3) typed = Number(max) >= 1000 ? year : max === '12' ? month : day;
    else if (index === 3) typed = String(twelveHours ? ((hours ?? 0) + 11) % 12 + 1 : hours ?? 0).padStart(2, '0');
    else if (index === 4) typed = String(minutes ?? 0).padStart(2, '0');
    else typed = (hours ?? 0) < 12 ? 'A' : 'P';
    await section.focus();
    // Emptied first: typing into a section continues the digits typed into it a moment before.
    await field.page().keyboard.press('Backspace');
    await field.page().keyboard.type(typed);
  }
}

/** The date (and time) the field shows, as its hidden input holds it ("19.01.2027", "01/19/2027"). */
export const shownDate = (field: Locator): Locator => field.locator('input[aria-hidden="true"]');
