// @vitest-environment jsdom
/**
 * Row forms storing each row alone, on screen-definitions/screens/capability-sets.json and roles.json with answers in
 * memory: grants by name in a table of flags, a refusal that would sign users out asked about with its count and sent
 * again confirmed, check lists sent in their order (none as null), a row the user may not change opened read-only,
 * and a remove asked first.
 */
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import setsJson from '../../screen-definitions/screens/capability-sets.json';
import rolesJson from '../../screen-definitions/screens/roles.json';
import type { Capability } from '../../contract';
import { resolveText, type ScreenDefinition, type TextRef } from '../../engine/grids';
import { initFormTexts, testTheme } from '../forms/test-support';
import type { GridServiceCaller } from './grid-service';
import { RowFormDialog } from './RowFormDialog';

beforeAll(initFormTexts);
afterEach(cleanup);

const text = (ref: TextRef, values?: Record<string, string | number>) => resolveText(ref, (key, v) => i18next.t(key, v), 'en', values);
const held = [{ ObjectType: 'MY_IMPORTS', Read: true, Create: true }, { ObjectType: 'LOGIN', Read: true }] as unknown as Capability[];
const set = { Id: 3, Name: 'Importers', Description: null, IsTemplate: false, OwnerAccountId: 1, OwnerName: 'Root', IsEditable: true, Capabilities: [{ ObjectType: 'LOGIN', Read: true }, { ObjectType: 'MY_IMPORTS', Read: true, Create: true }] };
const role = { Id: 12, Name: 'Help desk', Description: '', CapabilitySetIds: [3, 99], AccountTypes: ['Company'], OwnerAccountId: 1, IsEditable: true };
const loginLoss = () => Object.assign(new Error('Users who would lose the right to sign in (LOGIN) with this change: 1.'), { status: 409, headers: new Headers({ 'x-login-loss-count': '1' }) });

type Call = { method: string; body: Record<string, unknown> };

function draw(definition: unknown, row: Record<string, unknown> | undefined, answer: (call: Call) => unknown = () => ({})) {
  const calls: Call[] = [];
  const callService: GridServiceCaller = async (_service, method, body) => {
    const call = { method, body };
    calls.push(call);
    if (method === 'GetCapabilitySets') return [set];
    return answer(call);
  };
  const saved: string[] = [];
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ThemeProvider theme={testTheme}>
        <RowFormDialog
          form={(definition as ScreenDefinition).rowForm!}
          idPrefix="records"
          rowId="Id"
          row={row}
          canEdit
          held={held}
          context={{ accountId: 1 }}
          callService={callService}
          text={text}
          locale="en"
          onClose={() => undefined}
          onSaved={(message) => saved.push(message)}
        />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { calls, saved };
}

describe('a row stored alone', { timeout: 60_000 }, () => {
  it('shows each grant by its name with the constant beneath, and saves the row with its id and the form\'s fields', async () => {
    const { calls, saved } = draw(setsJson, set);
    const rows = await screen.findAllByTestId('records-Capabilities');
    expect(rows.map((entry) => entry.textContent)).toEqual(['Sign-inLOGIN', 'My importsMY_IMPORTS']);
    expect((screen.getByRole('checkbox', { name: 'My imports Create' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'My imports Create' }));
    fireEvent.click(screen.getByTestId('records-save'));
    await waitFor(() => expect(saved).toEqual(['Saved.']));
    expect(calls.at(-1)).toEqual({
      method: 'UpdateCapabilitySet',
      body: { capabilitySet: { Id: 3, Name: 'Importers', Description: null, IsTemplate: false, Capabilities: [{ ObjectType: 'LOGIN', Read: true }, { ObjectType: 'MY_IMPORTS', Read: true }] } },
    });
  });

  it('asks about a change that signs users out, naming the count, and sends it again with it', async () => {
    const { calls, saved } = draw(setsJson, set, (call) => {
      if (call.method === 'UpdateCapabilitySet' && call.body.confirmLoginLoss === undefined) throw loginLoss();
      return {};
    });
    fireEvent.change(await screen.findByTestId('records-Name'), { target: { value: 'Importers 2' } });
    fireEvent.click(screen.getByTestId('records-save'));
    expect(await screen.findByText(/with this change: 1\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go ahead (1)' }));
    await waitFor(() => expect(saved).toEqual(['Saved.']));
    expect(calls.filter((call) => call.method === 'UpdateCapabilitySet').map((call) => call.body.confirmLoginLoss)).toEqual([undefined, 1]);
  });

  it('creates a new row with the create method and its parameters', async () => {
    const { calls, saved } = draw(setsJson, undefined);
    fireEvent.change(await screen.findByTestId('records-Name'), { target: { value: 'Readers' } });
    fireEvent.click(screen.getByTestId('records-save'));
    await waitFor(() => expect(saved).toEqual(['Saved.']));
    expect(calls.at(-1)).toEqual({ method: 'AddCapabilitySet', body: { ownerCompanyId: 1, capabilitySet: { Name: 'Readers', Description: null, IsTemplate: false, Capabilities: [] } } });
  });

  it('opens a row the user may not change read-only, under its name', async () => {
    draw(setsJson, { ...set, IsEditable: false });
    expect((await screen.findByRole('heading')).textContent).toBe('Importers');
    expect(screen.queryByTestId('records-save')).toBeNull();
    expect((screen.getByTestId('records-Name') as HTMLInputElement).disabled).toBe(true);
  });

  it('offers the owner\'s sets (one no longer offered as #id) and sends the kinds in their fixed order, none as null', async () => {
    const { calls, saved } = draw(rolesJson, role);
    expect(await screen.findByLabelText('Importers')).toBeTruthy();
    expect((screen.getByLabelText('#99') as HTMLInputElement).checked).toBe(true);
    expect(calls.find((call) => call.method === 'GetCapabilitySets')?.body).toEqual({ ownerCompanyId: 1 });
    const kinds = within(screen.getByTestId('records-AccountTypes'));
    fireEvent.click(kinds.getByLabelText('Reseller'));
    fireEvent.click(screen.getByTestId('records-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(calls.at(-1)?.body).toMatchObject({ role: { Id: 12, CapabilitySetIds: [3, 99], AccountTypes: ['Reseller', 'Company'] } });
    cleanup();
    const again = draw(rolesJson, role);
    fireEvent.click(await screen.findByLabelText('Company'));
    fireEvent.click(screen.getByTestId('records-save'));
    await waitFor(() => expect(again.saved).toHaveLength(1));
    expect(again.calls.at(-1)?.body).toMatchObject({ role: { AccountTypes: null } });
  });

  it('removes a row after asking, with the remove call', async () => {
    const { calls, saved } = draw(rolesJson, role);
    fireEvent.click(await screen.findByTestId('records-remove'));
    expect(await screen.findByText(/“Help desk” will be deleted/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('records-discard-confirm'));
    await waitFor(() => expect(saved).toEqual(['“Help desk” deleted.']));
    expect(calls.at(-1)).toEqual({ method: 'DeleteRole', body: { roleId: 12 } });
  });
});
