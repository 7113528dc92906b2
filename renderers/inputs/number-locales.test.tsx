// @vitest-environment jsdom
/**
 * One voice (issue 36 item 6): in each of the 15 languages every input holding a number writes it as the
 * page writes numbers: the number input (quote lines, pricing rules), the forms' number field (an account's
 * credit limit) and the grids' cell editor (the price editor showed "25.08" where its cell showed "25,08 £").
 */
import { act, cleanup, screen } from '@testing-library/react';
import type { ColDef } from 'ag-grid-community';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pageFormatting } from '../../contract/formatting';
import { buildGridModel, type ScreenDefinition } from '../../engine/grids';
import prices from '../../screen-definitions/screens/prices.json';
import { SUPPORTED_LOCALES } from '../../src/i18n/languages';
import { initFormTexts, layoutOf, renderLayoutForm, testTheme } from '../forms/test-support';
import { columnDefsFor } from '../grids/column-defs';
import { withEditing } from '../grids/editable-cells';
import { NumberInput } from './NumberInput';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';

const VALUE = 1234.5;

/** How the language writes 1234.5 without grouping, from its own decimal separator. */
const written = (language: string) => {
  const decimal = new Intl.NumberFormat(pageFormatting(language).locale).formatToParts(1.5).find((part) => part.type === 'decimal')!.value;
  return `1234${decimal}5`;
};

beforeAll(async () => {
  await initFormTexts();
  // Each language present (empty), so i18next resolves to it rather than to English.
  for (const language of SUPPORTED_LOCALES) if (!i18next.hasResourceBundle(language, 'translation')) i18next.addResourceBundle(language, 'translation', { present: 'yes' });
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

describe.each([...SUPPORTED_LOCALES])('in %s', (language) => {
  it('the number input, the form field and the price editor write 1234.5 as the language does', async () => {
    await act(() => i18next.changeLanguage(language));
    const expected = written(language);
    expect(['1234.5', '1234,5']).toContain(expected);

    render(
      <ThemeProvider theme={testTheme}>
        <NumberInput label="Unit price" value={VALUE} onText={() => undefined} />
      </ThemeProvider>,
    );
    expect((screen.getByLabelText('Unit price') as HTMLInputElement).value).toBe(expected);
    cleanup();

    renderLayoutForm(layoutOf([{ Name: 'CreditLimit', DisplayValue: 'Credit limit', Type: 'Number' }]), { views: { Values: { CreditLimit: VALUE } } });
    expect((screen.getByLabelText('Credit limit') as HTMLInputElement).value).toBe(expected);

    const locale = pageFormatting(language).locale;
    const translate = (key: string) => key;
    const model = buildGridModel(prices as unknown as ScreenDefinition, { capabilities: [{ ObjectType: 'PRICE_LISTS', Read: true, Execute: true }], translate, locale });
    const edits = { editOf: () => undefined, onTyped: () => undefined, enabled: () => true };
    const columns = withEditing(columnDefsFor(model, locale, translate, false), model, edits, locale, translate) as ColDef[];
    const price = columns.find((column) => column.colId === 'SalesPrice')!;
    const params = price.cellEditorParams as { useFormatter: boolean; formatValue: (value: unknown) => string };
    expect(params.useFormatter).toBe(true);
    expect(params.formatValue(VALUE)).toBe(expected);
    // A refused entry stays as it was typed.
    expect(params.formatValue('12x')).toBe('12x');
  });
});
