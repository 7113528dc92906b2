// @vitest-environment jsdom
/** The security dialogs confirm a change that signs users out, naming the count the server gave (issue 20, item 4). */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../shell/confirm';
import { fakeServiceFetch, initEnglish, renderRoutes } from '../../../test-support/render-with-providers';
import { UserRolesPanel } from './UserRolesPanel';

const basicUser = { Id: 6, Name: 'Basic user', CapabilitySetIds: [1], OwnerAccountId: 2, IsEditable: true };
const refusal = '<Fault><Message>Users who would lose the right to sign in (LOGIN) with this change: 1. Nothing was changed; confirm the change with this number to go ahead.</Message></Fault>';

beforeAll(async () => {
  await initEnglish();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPanel(sent: Record<string, unknown>[]) {
  vi.stubGlobal(
    'fetch',
    fakeServiceFetch({
      'Authorization/GetCurrentUser': () => new Response(JSON.stringify({ Capability: [{ ObjectType: 'SECURITY_ROLES', Read: true, Execute: true }] })),
      'Security/GetAssignableRoles': () => new Response(JSON.stringify([basicUser])),
      'Security/GetRoles': () => new Response(JSON.stringify([basicUser])),
      'Security/GetRolesForUser': () => new Response(JSON.stringify(sent.some((body) => body.confirmLoginLoss === 1) ? [] : [basicUser])),
      'Security/SetRolesForUser': (body) => {
        sent.push(body as Record<string, unknown>);
        if ((body as { confirmLoginLoss?: number }).confirmLoginLoss !== 1) {
          return new Response(refusal, { status: 409, headers: { 'x-login-loss-count': '1', 'content-type': 'application/xml' } });
        }
        return new Response('[]');
      },
    }),
  );
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <UserRolesPanel userId={42} userName="Harry Walsh" />
            <ConfirmHost />
          </>
        ),
      },
    ],
    '/',
  );
}

describe('a change that signs users out', () => {
  it('is confirmed in a dialog naming the count, then sent again with it', async () => {
    const sent: Record<string, unknown>[] = [];
    renderPanel(sent);
    const box = (await screen.findByLabelText('Basic user')) as HTMLInputElement;
    await waitFor(() => expect(box.checked).toBe(true));
    fireEvent.click(box);
    fireEvent.click(screen.getByTestId('user-roles-save'));

    expect(await screen.findByText(/with this change: 1\. Nothing was changed/)).toBeTruthy();
    expect(sent).toEqual([{ accountId: 42, roleIds: [] }]);
    fireEvent.click(screen.getByRole('button', { name: 'Go ahead (1)' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ accountId: 42, roleIds: [], confirmLoginLoss: 1 });
  });

  it('is not sent again when the dialog is cancelled', async () => {
    const sent: Record<string, unknown>[] = [];
    renderPanel(sent);
    const box = (await screen.findByLabelText('Basic user')) as HTMLInputElement;
    await waitFor(() => expect(box.checked).toBe(true));
    fireEvent.click(box);
    fireEvent.click(screen.getByTestId('user-roles-save'));
    await screen.findByText(/with this change: 1\./);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(/with this change: 1\./)).toBeNull());
    expect(sent).toHaveLength(1);
  });
});
