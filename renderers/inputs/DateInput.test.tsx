// @vitest-environment jsdom
/** The date input shows the portal's language's date, whatever the browser's language; the value stays ISO. */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SUPPORTED_LOCALES } from '../../src/i18n/languages';
import { DateInput } from './DateInput';
import { reachDatePicker } from './date-input-test-support';

beforeAll(async () => {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {}, react: { useSuspense: false } });
});
afterEach(cleanup);

function Field({ initial, onValue, withTime }: { initial: string; onValue?: (value: string) => void; withTime?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <DateInput
      value={value}
      withTime={withTime}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
      label="Valid until"
      testId="valid-until"
    />
  );
}

/** The plain text box the field is until the user reaches for it. */
const plainInput = () => screen.getByTestId('valid-until-value') as HTMLInputElement;

const pickerInput = () => reachDatePicker('valid-until');

async function shownText(): Promise<string> {
  return (await pickerInput()).value;
}

describe('DateInput', { timeout: 40_000 }, () => {
  it.each([
    ['de', '19.01.2027'],
    ['pl', '19.01.2027'],
    ['en', '01/19/2027'],
    ['fi', '19.01.2027'],
  ])('shows 2027-01-19 in %s as %s in an en-US browser', async (language, expected) => {
    await act(() => i18next.changeLanguage(language));
    render(<Field initial="2027-01-19" />);
    expect(plainInput().value).toBe(expected);
    expect(await shownText()).toBe(expected);
    expect(screen.getByTestId('valid-until').textContent).toContain(expected);
  });

  it('reads what a German user types as an ISO date', async () => {
    await act(() => i18next.changeLanguage('de'));
    const values: string[] = [];
    render(<Field initial="" onValue={(value) => values.push(value)} />);
    const hidden = await pickerInput();
    fireEvent.change(hidden, { target: { value: '03.02.2027' } });
    await waitFor(() => expect(values.at(-1)).toBe('2027-02-03'));
    expect(hidden.value).toBe('03.02.2027');
  });

  it('keeps date and time as local yyyy-mm-ddThh:mm, shown in 24 hours in German', async () => {
    await act(() => i18next.changeLanguage('de'));
    render(<Field initial="2027-01-19T09:30" withTime />);
    expect(await shownText()).toBe('19.01.2027 09:30');
  });

  // The plain box must not change when the picker takes over: the same text in every language.
  it.each([...SUPPORTED_LOCALES])('shows in %s the text its picker shows, date and date-time', async (language) => {
    await act(() => i18next.changeLanguage(language));
    for (const [initial, withTime] of [['2027-01-09', false], ['2027-01-09T21:05', true], ['2027-11-30T09:30', true]] as const) {
      render(<Field initial={initial} withTime={withTime} />);
      const plain = plainInput().value;
      expect(plain, initial).toMatch(/2027/);
      expect(await shownText(), `${language} ${initial}`).toBe(plain);
      cleanup();
    }
  });

  it("opens the calendar at once when the plain field's calendar button is pressed", async () => {
    await act(() => i18next.changeLanguage('en'));
    render(<Field initial="2027-01-19" />);
    fireEvent.click(screen.getByRole('button', { name: /Choose date|dateInput.chooseDate/ }));
    expect(await screen.findByRole('dialog', {}, { timeout: 20_000 })).toBeTruthy();
    expect(await shownText()).toBe('01/19/2027');
  });

  it('marks a date outside its bounds before the picker is loaded, as the picker would', async () => {
    await act(() => i18next.changeLanguage('en'));
    render(<DateInput value="2027-01-19" onChange={() => {}} min="2027-02-01" testId="valid-until" label="Valid until" />);
    expect(plainInput().getAttribute('aria-invalid')).toBe('true');
  });
});
