// @vitest-environment jsdom
/**
 * <DefinedRecordForm> on screen-definitions/screens/notification-preferences.json with
 * answers in memory: one's own preferences changed and saved with NOTIFICATIONS Read
 * (the record sent whole, periods in their order), at least one period before the
 * save, and another user's shown read-only without NOTIFICATIONS Execute.
 */
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import definition from '../../screen-definitions/screens/notification-preferences.json';
import type { Capability } from '../../contract/capabilities';
import type { ScreenDefinition } from '../../engine/grids';
import { initFormTexts, testTheme } from '../forms/test-support';
import { DefinedRecordForm } from './DefinedRecordForm';

beforeAll(initFormTexts);
afterEach(cleanup);

const reader: Capability[] = [{ ObjectType: 'NOTIFICATIONS', Read: true }];

function draw(accountId: number, capabilities: Capability[]) {
  const saved: unknown[] = [];
  const messages: string[] = [];
  const dirty: boolean[] = [];
  const callService = async (_service: string, method: string, body: Record<string, unknown>) => {
    if (method === 'GetUserNotificationPreferences') return { IsEnabled: false, CommitmentPeriods: ['1-month'] };
    saved.push(body);
    return (body as { preferences: unknown }).preferences;
  };
  render(
    <ThemeProvider theme={testTheme}>
      <DefinedRecordForm
        definition={definition as unknown as ScreenDefinition}
        context={{ accountId }}
        capabilities={capabilities}
        userId={5}
        callService={callService}
        onError={(message) => messages.push(`error: ${message}`)}
        onSuccess={(message) => messages.push(message)}
        onDirtyChange={(value) => dirty.push(value)}
      />
    </ThemeProvider>,
  );
  return { saved, messages, dirty };
}

const input = async (testId: string) => (await screen.findByTestId(testId)).querySelector('input')!;

describe('DefinedRecordForm', () => {
  it('lets a user with NOTIFICATIONS Read change and save their own preferences', async () => {
    const { saved, messages, dirty } = draw(5, reader);
    const enabled = await input('notifications-enabled');
    expect(enabled.disabled).toBe(false);
    expect(screen.queryByText('You can see these settings but not change them.')).toBeNull();
    const save = screen.getByTestId('notifications-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(enabled);
    fireEvent.click(await input('notifications-period-3-year'));
    expect(dirty.at(-1)).toBe(true);
    fireEvent.click(save);
    await waitFor(() => expect(saved).toEqual([{ userAccountId: 5, preferences: { IsEnabled: true, CommitmentPeriods: ['1-month', '3-year'] } }]));
    await waitFor(() => expect(messages).toEqual(['Notification preferences saved.']));
    expect(dirty.at(-1)).toBe(false);
    expect((screen.getByTestId('notifications-save') as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for at least one commitment period before the save', async () => {
    draw(5, reader);
    fireEvent.click(await input('notifications-period-1-month'));
    expect(screen.getByTestId('notifications-period-error').textContent).toBe('Select at least one value.');
    expect((screen.getByTestId('notifications-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(await input('notifications-period-annual'));
    expect(screen.queryByTestId('notifications-period-error')).toBeNull();
    expect((screen.getByTestId('notifications-save') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows another user’s preferences read-only without NOTIFICATIONS Execute, and changeable with it', async () => {
    draw(9, reader);
    expect((await input('notifications-enabled')).disabled).toBe(true);
    expect(screen.getByText('You can see these settings but not change them.')).toBeTruthy();
    expect(screen.queryByTestId('notifications-save')).toBeNull();
    cleanup();
    draw(9, [{ ObjectType: 'NOTIFICATIONS', Read: true, Execute: true }]);
    expect((await input('notifications-enabled')).disabled).toBe(false);
    expect(screen.getByTestId('notifications-save')).toBeTruthy();
  });
});
