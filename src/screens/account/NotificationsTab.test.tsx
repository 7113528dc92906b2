// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Capability, SessionUser } from '../../../contract';
import { CURRENT_USER_QUERY_KEY } from '../../session/current-user';
import { fakeServiceFetch, initEnglish, renderRoutes } from '../../test-support/render-with-providers';
import { NotificationsTab } from './NotificationsTab';

const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });

const userWith = (Capability: Capability[]) =>
  ({ UserAccountId: 5, Username: 'company.admin', Capability, UserAuthenticationMethods: [], AccountPath: '1/2/6', ImpersonatorAccountId: null }) as unknown as SessionUser;

function renderTab(accountId: number, capabilities: Capability[], saved: unknown[] = []) {
  vi.stubGlobal(
    'fetch',
    fakeServiceFetch({
      'Notification/GetUserNotificationPreferences': () => json({ IsEnabled: false, CommitmentPeriods: ['1-month'] }),
      'Notification/UpdateUserNotificationPreferences': (body) => {
        saved.push(body);
        return json((body as { preferences: unknown }).preferences);
      },
    }),
  );
  const { queryClient } = renderRoutes([{ path: '/', element: <NotificationsTab accountId={accountId} /> }], '/');
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, userWith(capabilities));
}

beforeAll(initEnglish);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NotificationsTab', () => {
  it('lets a user with NOTIFICATIONS Read change and save their own settings', { timeout: 20_000 }, async () => {
    const saved: unknown[] = [];
    renderTab(5, [{ ObjectType: 'NOTIFICATIONS', Read: true }], saved);
    const enabled = (await screen.findByTestId('notifications-enabled')).querySelector('input')!;
    expect(enabled.disabled).toBe(false);
    expect(screen.queryByText('You can see these settings but not change them.')).toBeNull();
    fireEvent.click(enabled);
    fireEvent.click(screen.getByTestId('notifications-save'));
    await waitFor(() => expect(saved).toEqual([{ userAccountId: 5, preferences: { IsEnabled: true, CommitmentPeriods: ['1-month'] } }]));
  });

  it('shows another user’s settings read-only without NOTIFICATIONS Execute', { timeout: 20_000 }, async () => {
    renderTab(9, [{ ObjectType: 'NOTIFICATIONS', Read: true }]);
    const enabled = (await screen.findByTestId('notifications-enabled')).querySelector('input')!;
    expect(enabled.disabled).toBe(true);
    expect(screen.getByText('You can see these settings but not change them.')).toBeTruthy();
    expect(screen.queryByTestId('notifications-save')).toBeNull();
  });
});
