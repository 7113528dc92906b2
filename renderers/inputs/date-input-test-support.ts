/**
 * For jsdom tests of screens with the one date input: the field is a plain text
 * box until the user reaches for it; this focuses it as a user would and
 * returns the picker's input (the text its sections show, where a typed date goes).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';

export async function reachDatePicker(testId: string): Promise<HTMLInputElement> {
  const valueId = `${testId}-value`;
  const plain = await screen.findByTestId(valueId);
  if (plain.hasAttribute('data-date-text')) fireEvent.focus(plain);
  return waitFor(
    () => {
      const input = screen.getByTestId(valueId) as HTMLInputElement;
      if (input.hasAttribute('data-date-text')) throw new Error(`${testId} is still the plain field`);
      return input;
    },
    { timeout: 20_000 },
  );
}
