import { describe, expect, it } from 'vitest';
import shipped from '../../screen-definitions/screens/reports.json';
import { checkDefinition } from './check-definition';
import type { RunnerDefinition, ScreenDefinition } from './definition-schema';
import { chosenRunnerRow, runnerInputsOf, runnerInputValue, runnerRowRoute, runnerRunBody } from './runner';

const definition = shipped as unknown as ScreenDefinition & { runner: RunnerDefinition };
const { runner } = definition;
const rows = [
  { Id: 'revenue-by-month', Title: 'Revenue', Parameters: { months: 12, currency: true } },
  { Id: 'failures', Title: 'Failures', Parameters: { days: 30 } },
  { Id: 'plain', Title: 'Plain', Parameters: {} },
];

describe('a runner', () => {
  it('chooses the row the route names, and opens a row at its route', () => {
    expect(chosenRunnerRow(runner, rows, { reportId: 'failures' })?.Title).toBe('Failures');
    expect(chosenRunnerRow(runner, rows, { reportId: 'gone' })).toBeUndefined();
    expect(chosenRunnerRow(runner, rows, {})).toBeUndefined();
    expect(runnerRowRoute(runner, rows[0])).toBe('/reports/revenue-by-month');
  });

  it('offers the numbers the chosen row has a default for, with that default', () => {
    expect(runnerInputsOf(runner, rows[0]).map(({ input, fallback }) => [input.param, fallback])).toEqual([['parameters.months', 12]]);
    expect(runnerInputsOf(runner, rows[1]).map(({ input, fallback }) => [input.param, fallback])).toEqual([['parameters.days', 30]]);
    expect(runnerInputsOf(runner, rows[2])).toEqual([]);
    expect(runnerInputsOf(runner, undefined)).toEqual([]);
  });

  it('sends a typed number within its bounds, and nothing for an empty one (the run takes its default)', () => {
    const months = runner.inputs![0];
    expect([runnerInputValue(months, '6'), runnerInputValue(months, '99'), runnerInputValue(months, '0'), runnerInputValue(months, ''), runnerInputValue(months, undefined)]).toEqual([6, 24, 1, undefined, undefined]);
    expect(runnerRunBody(runner, rows[0], { reportId: 'revenue-by-month' }, {})).toEqual({ reportId: 'revenue-by-month' });
    expect(runnerRunBody(runner, rows[0], { reportId: 'revenue-by-month' }, { 'parameters.months': '30', 'parameters.days': '5' })).toEqual({ reportId: 'revenue-by-month', parameters: { months: 24 } });
    expect(runnerRunBody(runner, rows[1], { reportId: 'failures' }, { 'parameters.days': '7' })).toEqual({ reportId: 'failures', parameters: { days: 7 } });
  });

  it('is checked: its fields are columns, the run names the chosen row, answers a report run and takes its inputs', () => {
    expect(checkDefinition(shipped, 'reports')).toEqual([]);
    const broken = {
      ...shipped,
      dataSource: { ...shipped.dataSource, paging: { mode: 'server', queryParam: 'query', pageSize: 50, indexed: { sorts: [], filters: [] } } },
      actions: [],
      runner: {
        ...runner,
        choice: { ...runner.choice, titleField: 'Name' },
        inputs: [{ ...runner.inputs![0], param: 'months', min: 5, max: 2 }, runner.inputs![1], runner.inputs![1]],
        run: { ...runner.run, params: { reportId: { value: 'x' } } },
      },
    };
    expect(checkDefinition(broken, 'reports').map((problem) => problem.path)).toEqual(
      expect.arrayContaining(['$.dataSource.paging', '$.runner.choice.titleField', '$.runner.inputs[0].param', '$.runner.inputs[0].min', '$.runner.inputs[2].param', '$.runner.run.params', '$.actions']),
    );
    const notARun = { ...shipped, runner: { ...runner, inputs: [], run: { ...runner.run, method: 'ListReports', params: { reportId: { context: 'reportId' } } } } };
    expect(checkDefinition(notARun, 'reports').map((problem) => problem.reason)).toEqual(expect.arrayContaining(['the method does not answer a report run (Columns and Rows)']));
  }, 60_000);
});
