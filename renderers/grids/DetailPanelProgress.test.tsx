// @vitest-environment jsdom
/**
 * <DetailPanel> on screen-definitions/screens/imports.json: a running import's progress as a bar with its
 * counts in words, its status, the empty end dates left out, and the rows of another definition drawn under
 * the fields.
 */
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import definition from '../../screen-definitions/screens/imports.json';
import type { Capability } from '../../contract/capabilities';
import { buildGridModel, resolveText, type ScreenDefinition, type Translate } from '../../engine/grids';
import { initFormTexts, testTheme } from '../forms/test-support';
import { DetailPanel } from './DetailPanel';

beforeAll(initFormTexts);
afterEach(cleanup);

const reader: Capability[] = [{ ObjectType: 'MY_IMPORTS', Read: true }];
const running = { Id: 41, Name: 'March staff', ImportType: 'Users', Status: 'In progress', Source: 'march.csv', CreatorName: 'Olivia Bennett', ScheduledDate: '2026-11-29T10:00:00Z', StartedAt: '2026-11-29T10:00:05Z', FinishedAt: null, Failure: null, ProcessedRows: 30, TotalRows: 120, ImportedAccountsCount: 28, ErrorsCount: 2 };

describe('<DetailPanel> following an import', () => {
  it('shows the progress as a bar and in words, the status, and the accounts under the fields', () => {
    const translate: Translate = (key, values) => String(i18next.t(key, values));
    const model = buildGridModel(definition as ScreenDefinition, { capabilities: reader, translate, locale: 'en-GB' });
    const panel = model.detailPanel!;
    render(
      <ThemeProvider theme={testTheme}>
        <DetailPanel
          title={panel.title ?? model.title}
          fields={panel.fields}
          row={running}
          actions={model.actions}
          locale="en-GB"
          onAction={() => undefined}
          onClose={() => undefined}
          definition={panel.definition}
          capabilities={reader}
          calls={{ callService: async () => undefined, locale: 'en-GB', text: (ref, values) => resolveText(ref, translate, 'en-GB', values), onError: () => undefined, onSuccess: () => undefined, onChanged: () => undefined }}
        >
          <p data-testid="accounts-grid">the accounts</p>
        </DetailPanel>
      </ThemeProvider>,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Import: March staff');
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByTestId('grid-detail-field-ProcessedRows').textContent).toBe('30 of 120 rows processed · 28 imported · 2 errors');
    expect(screen.getByTestId('grid-detail-field-Status').querySelector('[data-status]')?.getAttribute('data-status')).toBe('In progress');
    expect(screen.getByTestId('grid-detail-field-ImportType').textContent).toBe('Users');
    expect(screen.queryByTestId('grid-detail-field-FinishedAt')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel import' })).toBeTruthy();
    expect(screen.getByTestId('accounts-grid').textContent).toBe('the accounts');
  });
});
