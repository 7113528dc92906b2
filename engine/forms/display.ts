/** How a read-only field shows its value, in the user's locale. */
import { formatDate, formatDateTime, formatNumber } from '../../contract/formatting';
import type { EnumOption, FormFieldModel } from './form-model';
import { parseNumber, type FormValue } from './values';

export interface DisplayTexts {
  yes: string;
  no: string;
  empty: string;
}

function optionLabel(options: readonly EnumOption[] | undefined, value: unknown): string {
  const match = options?.find((option) => String(option.value) === String(value));
  return match ? match.label : String(value);
}

export function formatDisplayValue(
  field: Pick<FormFieldModel, 'kind'> & { template?: string },
  value: FormValue,
  locale: string,
  texts: DisplayTexts,
  options?: readonly EnumOption[],
): string {
  switch (field.kind) {
    case 'boolean':
      return value === true ? texts.yes : texts.no;
    case 'enum':
      return value === null || value === '' ? texts.empty : optionLabel(options, value);
    case 'multienum':
      return Array.isArray(value) && value.length ? value.map((item) => optionLabel(options, item)).join(', ') : texts.empty;
    case 'date': {
      if (typeof value !== 'string' || value === '') return texts.empty;
      return formatDate(value.slice(0, 10), { locale }) || value;
    }
    case 'number':
    case 'integer': {
      const number = typeof value === 'number' ? value : parseNumber(String(value ?? ''), locale);
      return number === undefined ? (value === '' || value === null ? texts.empty : String(value)) : formatNumber(number, { locale });
    }
    default: {
      if (value === null || value === '') return texts.empty;
      // A DateTime text (yyyy-mm-ddThh:mm, local) as the user reads dates and times.
      return (field.template === 'DateTime' && typeof value === 'string' && formatDateTime(value, { locale })) || String(value);
    }
  }
}
