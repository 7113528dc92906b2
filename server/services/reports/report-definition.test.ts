import { describe, expect, it } from 'vitest';
import { DATA_SOURCE_FIELDS } from './data-sources';
import { definitionProblems, localText, readDefinitions } from './report-definition';

describe('report definition files', () => {
  it('every file is sound: schema, data source, fields, texts in 15 languages', () => {
    const definitions = readDefinitions(DATA_SOURCE_FIELDS);
    expect(definitions.length).toBeGreaterThanOrEqual(6);
    for (const definition of definitions) expect(Object.keys(definition.title).sort(), definition.id).toHaveLength(15);
  });

  it('names the problems of a broken one', () => {
    const base = {
      id: 'x',
      title: { en: 'X' },
      description: { en: 'X' },
      dataSource: 'importsByStatus',
      parameters: {},
      columns: [{ field: 'Nope', type: 'text', label: { en: 'N' } }],
      chart: { type: 'bar', x: 'Status', y: 'Count' },
    };
    expect(definitionProblems(base, DATA_SOURCE_FIELDS)).toEqual(['$.columns[0].field: "Nope" is not a field of importsByStatus (it has: Status, Count, Rows)']);
    expect(definitionProblems({ ...base, dataSource: 'nothing' }, DATA_SOURCE_FIELDS)).toEqual(['$.dataSource: unknown data source "nothing" (known: revenueByMonth, revenueByMonthAndService, subscriptionsByProductAndStatus, provisioningFailuresByDay, quotesWonLost, importsByStatus)']);
    expect(definitionProblems({ ...base, extra: 1 }, DATA_SOURCE_FIELDS).length).toBeGreaterThan(0);
    expect(localText({ en: 'Month', de: 'Monat' }, 'de-CH')).toBe('Monat');
    expect(localText({ en: 'Month' }, 'fi')).toBe('Month');
  });
});
