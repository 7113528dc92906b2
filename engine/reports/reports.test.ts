import { describe, expect, it } from 'vitest';
import { checkReport, reportAxisText, reportDayText, reportExportTable, reportGridDefinition, reportGridRows, reportMonthText, REPORT_ROW_ID } from './index';
import { checkDefinition } from '../grids/check-definition';

const sources = { quotesWonLost: ['Month', 'Status', 'Count', 'Value', 'Currency'] };
const report = {
  id: 'won-lost',
  title: { en: 'Won and lost', de: 'Gewonnen und verloren' },
  description: { en: 'Quotes decided' },
  dataSource: 'quotesWonLost',
  parameters: { months: 6 },
  columns: [
    { field: 'Month', type: 'month', label: { en: 'Month' } },
    { field: 'Status', type: 'status', label: { en: 'Status' } },
    { field: 'Value', type: 'money', label: { en: 'Value' } },
    { field: 'Count', type: 'number', label: { en: 'Count' }, hidden: true },
  ],
  chart: { type: 'bar', x: 'Month', y: 'Value', series: 'Status' },
};

describe('report definitions', () => {
  it('a sound report has no problems', () => {
    expect(checkReport(report, 'won-lost', sources)).toEqual([]);
  });

  it('names what is wrong by path: fields of the data source, the chart, English, the name, every column hidden', () => {
    const broken = {
      ...report,
      id: 'other',
      title: { de: 'Nur Deutsch' },
      columns: report.columns.map((column, index) => ({ ...column, hidden: true, field: index === 2 ? 'Nope' : column.field })),
      chart: { ...report.chart, y: 'Missing' },
    };
    expect(checkReport(broken, 'won-lost', sources).map((problem) => problem.path)).toEqual(['$.id', '$.title', '$.columns[2].field', '$.chart.y', '$.columns']);
    expect(checkReport({ ...report, dataSource: 'nothing' }, 'won-lost', sources)[0]).toEqual({ path: '$.dataSource', reason: 'unknown data source "nothing" (known: quotesWonLost)' });
    expect(checkReport({ ...report, extra: true }, 'won-lost', sources)[0].path).toBe('$.extra');
    expect(checkReport({ ...report, columns: [{ field: 'Month', type: 'pie', label: { en: 'M' } }] }, 'won-lost', sources)[0].path).toBe('$.columns[0].type');
  });

  it('draws its table as a screen definition the grid checks accept, months as read and rows numbered', () => {
    const view = { Id: 'won-lost', Title: 'Won and lost', Columns: report.columns.filter((column) => !column.hidden).map((column) => ({ Field: column.field, Type: column.type as 'month', Label: column.label.en })) };
    const definition = reportGridDefinition(view);
    expect(checkDefinition(definition, 'report-won-lost')).toEqual([]);
    expect(definition.columns.map((column) => [column.field, column.type, column.sortable])).toEqual([
      ['Month', 'text', false],
      ['Status', 'status', true],
      ['Value', 'money', true],
    ]);
    expect(definition.columns[2].currencyField).toBe('Currency');
    const rows = reportGridRows(view, [{ Month: '2026-03', Status: 'Accepted', Value: 10, Currency: 'EUR' }], (month) => `month ${month}`);
    expect(rows).toEqual([{ Month: 'month 2026-03', Status: 'Accepted', Value: 10, Currency: 'EUR', [REPORT_ROW_ID]: 1 }]);
  }, 60_000);
});

describe('a report run as the user reads it', () => {
  const f = { locale: 'en-GB', timeZone: 'UTC' };
  const status = (value: string) => (value === 'Accepted' ? 'Won' : value);
  const run = {
    Id: 'won-lost',
    Title: 'Won and lost',
    Columns: [
      { Field: 'Month', Type: 'month' as const, Label: 'Month' },
      { Field: 'Day', Type: 'date' as const, Label: 'Day' },
      { Field: 'Status', Type: 'status' as const, Label: 'Status' },
      { Field: 'Count', Type: 'number' as const, Label: 'Count' },
      { Field: 'Value', Type: 'money' as const, Label: 'Value' },
    ],
    Rows: [
      { Month: '2026-03', Day: '2026-03-12', Status: 'Accepted', Count: 1200, Value: 10.5, Currency: 'EUR' },
      { Month: 'later', Day: null, Status: 'Declined', Count: 2, Value: 3, Currency: null },
    ],
  };

  it('writes months, days, numbers, money in the row\'s currency and statuses in the locale', () => {
    expect(reportMonthText('2026-03', f)).toBe('Mar 2026');
    expect(reportDayText('2026-03-12', f)).toBe('12 Mar 2026');
    expect(reportDayText('2026-03-12', f, 'short')).toBe('12 Mar');
    expect(reportExportTable(run, f, status)).toEqual({
      headers: ['Month', 'Day', 'Status', 'Count', 'Value'],
      rows: [
        ['Mar 2026', '12 Mar 2026', 'Won', '1,200', '€10.50'],
        ['later', '', 'Declined', '2', '3.00'],
      ],
    });
    expect(reportExportTable(run, { locale: 'de-DE', timeZone: 'UTC' }, status).rows[0].slice(3)).toEqual(['1.200', '10,50\u00a0€']);
  });

  it('labels the chart\'s axis by the type of the field it draws', () => {
    expect(reportAxisText(run, 'Month', '2026-03', f, status)).toBe('Mar 2026');
    expect(reportAxisText(run, 'Day', '2026-03-12', f, status)).toBe('12 Mar');
    expect(reportAxisText(run, 'Status', 'Accepted', f, status)).toBe('Won');
    expect(reportAxisText(run, undefined, 'Accepted', f, status)).toBe('Accepted');
  });
});
