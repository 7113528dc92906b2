// @vitest-environment jsdom
/** The date input shows the portal's language's date, whatever the browser's language; the value stays ISO. */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DateInput } from './DateInput';

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

/** The text the field shows (its sections), once the picker has loaded. */
async function shownText(): Promise<string> {
  const hidden = await screen.findByTestId('valid-until-value', {}, { timeout: 20_000 });
  return (hidden as HTMLInputElement).value;
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
    expect(await shownText()).toBe(expected);
    expect(screen.getByTestId('valid-until').textContent).toContain(expected);
  });

  it('reads what a German user types as an ISO date', async () => {
    await act(() => i18next.changeLanguage('de'));
    const values: string[] = [];
    render(<Field initial="" onValue={(value) => values.push(value)} />);
    const hidden = (await screen.findByTestId('valid-until-value', {}, { timeout: 20_000 })) as HTMLInputElement;
    fireEvent.change(hidden, { target: { value: '03.02.2027' } });
    await waitFor(() => expect(values.at(-1)).toBe('2027-02-03'));
    expect(hidden.value).toBe('03.02.2027');
  });

  it('keeps date and time as local yyyy-mm-ddThh:mm, shown in 24 hours in German', async () => {
    await act(() => i18next.changeLanguage('de'));
    render(<Field initial="2027-01-19T09:30" withTime />);
    expect(await shownText()).toBe('19.01.2027 09:30');
  });
});
