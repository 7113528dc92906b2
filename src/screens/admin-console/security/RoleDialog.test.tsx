// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeServiceFetch, initEnglish, renderRoutes } from '../../../test-support/render-with-providers';
import { RoleDialog } from './RoleDialog';
import type { Role } from './security-queries';

const role = {
  Id: 12,
  Name: 'Help desk',
  Description: '',
  CapabilitySetIds: [],
  AccountTypes: ['Company'],
  OwnerAccountId: 1,
  IsEditable: true,
} as unknown as Role;

beforeAll(async () => {
  await initEnglish();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog(sent: unknown[]) {
  vi.stubGlobal(
    'fetch',
    fakeServiceFetch({
      'Security/GetCapabilitySets': () => new Response('[]'),
      'Security/UpdateRole': (body) => {
        sent.push(body);
        return new Response(JSON.stringify({ ...role, ...(body as { role: object }).role }));
      },
    }),
  );
  renderRoutes([{ path: '/', element: <RoleDialog role={role} ownerAccountId={1} readOnly={false} onClose={() => undefined} /> }], '/');
}

describe('RoleDialog', () => {
  it('shows the kinds a role is offered to, and saves them in their fixed order', async () => {
    const sent: unknown[] = [];
    renderDialog(sent);
    const box = (label: string) => within(screen.getByTestId('role-account-types')).getByLabelText(label) as HTMLInputElement;
    expect(box('Company').checked).toBe(true);
    expect(box('Reseller').checked).toBe(false);
    fireEvent.click(box('Reseller'));
    fireEvent.click(screen.getByTestId('role-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ role: { Id: 12, AccountTypes: ['Reseller', 'Company'] } });
  });

  it('saves no kind ticked as every kind (null)', async () => {
    const sent: unknown[] = [];
    renderDialog(sent);
    fireEvent.click(screen.getByLabelText('Company'));
    fireEvent.click(screen.getByTestId('role-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ role: { AccountTypes: null } });
  });
});
