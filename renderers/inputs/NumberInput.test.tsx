// @vitest-environment jsdom
/** Numbers in inputs read as the page's language writes them; what is typed stays as typed. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseNumber } from '../../contract/formatting';
import { NumberInput } from './NumberInput';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {}, react: { useSuspense: false } });
});
afterEach(cleanup);

function Price({ initial, seen }: { initial: number; seen: unknown[] }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <NumberInput
      label="Unit price"
      value={value}
      onText={(text) => {
        const number = parseNumber(text);
        seen.push(number);
        setValue(number ?? text);
      }}
    />
  );
}

describe('NumberInput', () => {
  it.each([
    ['de', '11,28'],
    ['pl', '11,28'],
    ['en', '11.28'],
  ])('shows 11.28 in %s as %s', async (language, expected) => {
    await act(() => i18next.changeLanguage(language));
    render(<Price initial={11.28} seen={[]} />);
    expect((screen.getByLabelText('Unit price') as HTMLInputElement).value).toBe(expected);
  });

  it('keeps a German decimal comma while it is typed and reads 12,5 as 12.5', async () => {
    await act(() => i18next.changeLanguage('de'));
    const seen: unknown[] = [];
    render(<Price initial={1} seen={seen} />);
    const input = screen.getByLabelText('Unit price') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12,' } });
    expect(input.value).toBe('12,');
    fireEvent.change(input, { target: { value: '12,5' } });
    expect(input.value).toBe('12,5');
    expect(seen.at(-1)).toBe(12.5);
  });
});
