import { describe, expect, it } from 'vitest';
import type { ScreenDefinition } from './definition-schema';
import { linkedParts, formatValue } from './format-value';
import { optionsFromMetadata } from './filter-values';
import { buildGridModel } from './grid-model';

/** A German translate for the few keys the test needs; other keys come back as themselves (as i18next does). */
const german: Record<string, string> = {
  'values.feeType.base': 'Monatlich mit Grundgebühr',
  'values.auditAction.SignIn': 'Anmeldung',
  'values.billingRule.everyMonths': 'Alle {{months}} Monate',
};
const translate = (key: string, values?: Record<string, string | number>) => (german[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values?.[name] ?? ''));

const definition = {
  id: 'probe',
  title: 'x',
  access: { anyOf: [] },
  dataSource: { service: 'Account', method: 'GetAuditLog', paging: { mode: 'client' } },
  columns: [
    { field: 'FeeType', label: 'x', type: 'text', valueKind: 'feeType' },
    { field: 'Rule', label: 'x', type: 'text', valueKind: 'billingRule' },
    { field: 'Action', label: 'x', type: 'status', valueKind: 'auditAction', status: { colors: {} } },
  ],
  filters: [{ field: 'Action', label: 'x', input: 'multiSelect', options: { metadata: 'Actions', valueKind: 'auditAction' } }],
} as unknown as ScreenDefinition;

describe('columns of a value kind', () => {
  const model = buildGridModel(definition, { capabilities: [], translate, locale: 'de' });
  const [fee, rule, action] = model.columns;

  it('show, filter and export the text of the stored value, the value itself when it has none', () => {
    expect(formatValue(fee, { FeeType: 'base' }, 'FeeType', 'de', translate)).toBe('Monatlich mit Grundgebühr');
    expect(formatValue(fee, { FeeType: 'custom' }, 'FeeType', 'de', translate)).toBe('custom');
    expect(formatValue(rule, { Rule: 'Every 3 months' }, 'Rule', 'de', translate)).toBe('Alle 3 Monate');
    expect(formatValue(action, { Action: 'SignIn' }, 'Action', 'de', translate)).toBe('Anmeldung');
    expect(optionsFromMetadata(model.filters[0], { Actions: [{ Value: 'SignIn', Count: 4 }] }, String)).toEqual([{ value: 'SignIn', label: 'Anmeldung (4)' }]);
  });
});

describe('linkedParts', () => {
  it('links the first occurrence of each named text, app routes only', () => {
    expect(linkedParts('Rolle an Olivia vergeben', [{ Text: 'Olivia', To: '/account/9' }, { Text: 'x', To: 'https://evil.example' }])).toEqual([
      { text: 'Rolle an ' },
      { text: 'Olivia', to: '/account/9' },
      { text: ' vergeben' },
    ]);
    expect(linkedParts('plain', undefined)).toEqual([{ text: 'plain' }]);
  });
});
