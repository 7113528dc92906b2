// @vitest-environment jsdom
/**
 * <DefinedRunner> on screen-definitions/screens/reports.json with answers in memory: the rows
 * as a list with the shortcut chips, the chosen row run at once with its defaults, a number
 * typed sent within its bounds, a row opening its route, and the shortcuts read again after a run.
 */
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import definition from '../../screen-definitions/screens/reports.json';
import type { RunnerDefinition, ScreenDefinition } from '../../engine/grids';
import { initFormTexts, testTheme } from '../forms/test-support';
import { DefinedRunner } from './DefinedRunner';

beforeAll(initFormTexts);
afterEach(cleanup);

const reports = [
  { Id: 'revenue-by-month', Title: 'Revenue per month', Description: 'What the bill charges', Parameters: { months: 12 }, Columns: [], Chart: null },
  { Id: 'failures', Title: 'Failures', Description: 'Requests that failed', Parameters: { days: 30 }, Columns: [], Chart: null },
];

function draw(reportId?: string, onChoose?: (id: string) => void) {
  const calls: { method: string; body: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const callService = async (_service: string, method: string, body: Record<string, unknown>) => {
    calls.push({ method, body });
    if (method === 'ListReports') return reports;
    if (method === 'GetFrequentReports') return [{ ...reports[1], Runs: 3 }];
    return { ...reports.find((report) => report.Id === body.reportId), Rows: [] };
  };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ThemeProvider theme={testTheme}>
        <DefinedRunner
          definition={definition as unknown as ScreenDefinition & { runner: RunnerDefinition }}
          context={reportId ? { reportId } : {}}
          capabilities={[{ ObjectType: 'REPORTING', Read: true }]}
          userId={5}
          callService={callService}
          onError={() => undefined}
          navigate={(to) => opened.push(to)}
          onChoose={onChoose}
        />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  const runs = () => calls.filter((call) => call.method === 'RunReport').map((call) => call.body);
  const shortcutReads = () => calls.filter((call) => call.method === 'GetFrequentReports').length;
  return { opened, runs, shortcutReads };
}

describe('DefinedRunner', () => {
  it('lists the rows with the shortcuts and asks for a choice; a row or a chip opens its route', async () => {
    const { opened, runs } = draw();
    const list = await screen.findByTestId('report-list');
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual(['Revenue per monthWhat the bill charges', 'FailuresRequests that failed']);
    expect(await screen.findByText('Choose a report on the left.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('report-failures'));
    fireEvent.click(within(await screen.findByTestId('frequent-reports')).getByText('Failures'));
    expect(opened).toEqual(['/reports/failures', '/reports/failures']);
    expect(runs()).toEqual([]);
  });

  it('hands the chosen id to onChoose instead of opening a route (the studio\'s preview holds the choice)', async () => {
    const chosen: string[] = [];
    const { opened } = draw(undefined, (id) => chosen.push(id));
    fireEvent.click(await screen.findByTestId('report-revenue-by-month'));
    expect(chosen).toEqual(['revenue-by-month']);
    expect(opened).toEqual([]);
  });

  it('runs the chosen row with its defaults, then with a typed number within its bounds, and reads the shortcuts again', async () => {
    const { runs, shortcutReads } = draw('revenue-by-month');
    const view = await screen.findByTestId('report-view');
    expect(within(view).getByRole('heading', { name: 'Revenue per month' })).toBeTruthy();
    expect(await within(view).findByTestId('report-empty')).toBeTruthy();
    expect(runs()).toEqual([{ reportId: 'revenue-by-month' }]);
    const months = screen.getByTestId('report-months') as HTMLInputElement;
    expect(months.placeholder).toBe('12');
    expect(screen.queryByTestId('report-days')).toBeNull();
    fireEvent.change(months, { target: { value: '30x' } });
    expect(months.value).toBe('30');
    await waitFor(() => expect(runs()).toEqual([{ reportId: 'revenue-by-month' }, { reportId: 'revenue-by-month', parameters: { months: 24 } }]));
    await waitFor(() => expect(shortcutReads()).toBeGreaterThanOrEqual(2));
  });
});
