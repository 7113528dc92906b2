import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportTable, safeFileName, toCsv } from './export-table';
import { formatValue, linkTarget } from './format-value';
import type { ValueFormat } from './grid-model';
import { screenDefinitionJsonSchema } from './json-schema';

const t = (key: string) => ({ 'grids.yes': 'Yes', 'grids.no': 'No' })[key] ?? key;

describe('formatValue', () => {
  it('formats money in its currency and the locale', () => {
    const money: ValueFormat = { type: 'money', currencyField: 'Currency' };
    expect(formatValue(money, { Price: -1234.5, Currency: 'EUR' }, 'Price', 'de', t)).toBe('-1.234,50\u00a0€');
    expect(formatValue({ type: 'money', currency: 'USD' }, { Price: 3 }, 'Price', 'en', t)).toBe('$3.00');
  });

  it('formats dates, booleans, statuses and empty values', () => {
    expect(formatValue({ type: 'date' }, { At: '2026-03-04T10:00:00Z' }, 'At', 'en', t)).toBe('Mar 4, 2026');
    expect(formatValue({ type: 'boolean' }, { Final: false }, 'Final', 'en', t)).toBe('No');
    expect(formatValue({ type: 'status', status: { colors: {}, label: (value) => `[${value}]` } }, { S: 'Failed' }, 'S', 'en', t)).toBe('[Failed]');
    expect(formatValue({ type: 'text' }, { X: null }, 'X', 'en', t)).toBe('');
  });

  it('links to accounts and services by id', () => {
    expect(linkTarget({ type: 'link', link: { to: 'account', idField: 'AccountId' } }, { AccountId: 42 })).toBe('/account/42');
    expect(linkTarget({ type: 'link', link: { to: 'service', idField: 'Sid' } }, { Sid: null })).toBeUndefined();
  });
});

describe('export', () => {
  it('writes CSV with quoting and formula injection neutralised', () => {
    const table = exportTable(
      [
        { field: 'Name', headerName: 'Name', type: 'text' },
        { field: 'Final', headerName: 'Final', type: 'boolean' },
      ],
      [{ Name: 'a, "b"', Final: true }, { Name: '=HYPERLINK("x")', Final: false }],
      'en',
      t,
    );
    expect(toCsv(table)).toBe('\uFEFFName,Final\r\n"a, ""b""",Yes\r\n"\'=HYPERLINK(""x"")",No\r\n');
  });

  it('defuses tab and carriage-return starts too, and leaves negative numbers numbers (OWASP CSV injection)', () => {
    const table = { headers: ['Value'], rows: [['\t=1+1'], ['\r@SUM(A1)'], ['-2+3+cmd|x'], ['-12.50'], ['-1,234.50 €']] };
    expect(toCsv(table)).toBe('\uFEFFValue\r\n"\'\t=1+1"\r\n"\'\r@SUM(A1)"\r\n"\'-2+3+cmd|x"\r\n-12.50\r\n"-1,234.50 €"\r\n');
  });

  it('makes file names safe (spec §5)', () => {
    expect(safeFileName('Provisioning requests: März/2026')).toBe('Provisioning_requests__M_rz_2026');
    expect(safeFileName('x'.repeat(250))).toHaveLength(200);
  });
});

describe('published JSON Schema', () => {
  it('is the one generated from engine/grids/definition-schema.ts', () => {
    const published = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../screen-definitions/screens/screen-definition.schema.json'), 'utf8')) as unknown;
    expect(published).toEqual(screenDefinitionJsonSchema());
  });
});
