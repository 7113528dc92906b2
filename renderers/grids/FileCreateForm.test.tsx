// @vitest-environment jsdom
/**
 * The upload of screen-definitions/screens/imports.json drawn with answers in memory: the types the user
 * may import with their columns, a refused file type, the picked file's rows previewed and its name taken,
 * the body sent, and the answered import opened.
 */
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import imports from '../../screen-definitions/screens/imports.json';
import type { Capability } from '../../contract/capabilities';
import { resolveText, type ScreenDefinition, type TextRef } from '../../engine/grids';
import { initFormTexts, testTheme } from '../forms/test-support';
import { CreateForm } from './CreateForm';
import type { GridServiceCaller } from './grid-service';

beforeAll(initFormTexts);
afterEach(cleanup);

const text = (ref: TextRef, values?: Record<string, string | number>) => resolveText(ref, (key, v) => i18next.t(key, v), 'en', values);
const CSV = 'Firstname;Lastname;Email\nAnn;Lee;ann@x.example\n=1+2;Smith;b@x.example\n';

function drawUpload(capabilities: Capability[]) {
  const calls: { method: string; body: Record<string, unknown> }[] = [];
  const opened: Record<string, unknown>[] = [];
  const callService: GridServiceCaller = async (_service, method, body) => {
    calls.push({ method, body });
    return { Id: 41, Name: body.name, Status: 'Pending' };
  };
  const form = (imports as unknown as ScreenDefinition).createForm!;
  render(
    <ThemeProvider theme={testTheme}>
      <CreateForm form={form} idPrefix="imports-upload" text={text} context={{}} capabilities={capabilities} callService={callService} onDone={() => undefined} onCreated={(row) => opened.push(row)} />
    </ThemeProvider>,
  );
  fireEvent.click(screen.getByTestId('imports-upload-open'));
  return { calls, opened };
}

const pick = (name: string, content: string) => fireEvent.change(screen.getByTestId('imports-upload-file'), { target: { files: [new File([content], name, { type: 'text/csv' })] } });

describe('<CreateForm> with a file', () => {
  it('names the columns of the type chosen, previews the picked file, takes its name and sends it; the new import opens', async () => {
    const drawn = drawUpload([{ ObjectType: 'USER_ACCOUNT', Create: true }]);
    expect(screen.getByTestId('imports-upload-importType-hint').textContent).toBe(
      'Required columns: Firstname, Lastname, Email. Optional columns: Username, Language, Department, Phone, JobTitle. The first row names the columns.',
    );
    const submit = screen.getByTestId('imports-upload-submit');
    expect(submit).toHaveProperty('disabled', true);
    pick('march-staff.csv', CSV);
    expect(await screen.findByText('First rows of the file (2 of 2)')).toBeTruthy();
    expect(screen.getAllByTestId('file-preview-formula-cell').map((cell) => cell.textContent)).toEqual(['=1+2']);
    await waitFor(() => expect(screen.getByTestId('imports-upload-name')).toHaveProperty('value', 'march-staff'));
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    fireEvent.click(submit);

    await waitFor(() => expect(drawn.opened).toEqual([{ Id: 41, Name: 'march-staff', Status: 'Pending' }]));
    expect(drawn.calls).toEqual([{ method: 'StartImport', body: { importType: 'Users', file: btoa(CSV), fileName: 'march-staff.csv', name: 'march-staff' } }]);
  });

  it('refuses a file of another type before any call', () => {
    const drawn = drawUpload([{ ObjectType: 'COMPANY_ACCOUNT', Create: true }]);
    pick('contract.pdf', '%PDF');
    expect(screen.getByTestId('imports-upload-file-refused').textContent).toBe('Only Excel (.xlsx) and CSV (.csv) files can be imported.');
    expect(screen.queryByTestId('file-preview')).toBeNull();
    expect(screen.getByTestId('imports-upload-submit')).toHaveProperty('disabled', true);
    expect(drawn.calls).toEqual([]);
  });
});
