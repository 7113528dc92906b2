// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reachDatePicker } from '../../inputs/date-input-test-support';
import { initFormTexts, layoutOf, renderLayoutForm } from '../test-support';

beforeAll(initFormTexts);
afterEach(cleanup);

describe('date renderer', { timeout: 30_000 }, () => {
  it('uses the one date input in the page language and keeps ISO dates', async () => {
    const { store } = renderLayoutForm(layoutOf([{ Name: 'StartDate', DisplayValue: 'Start date', Type: 'Date', Required: true }]), {
      views: { Values: { StartDate: '2025-03-01T00:00:00Z' } },
    });
    // A plain box until the user reaches for it, then the picker; English (en-US) reads month first in both.
    expect((screen.getByTestId('input-StartDate-value') as HTMLInputElement).value).toBe('03/01/2025');
    const shown = await reachDatePicker('input-StartDate');
    expect(shown.value).toBe('03/01/2025');
    expect(screen.getByRole('group', { name: /Start date/ })).toBeTruthy();
    fireEvent.change(shown, { target: { value: '01/31/2026' } });
    await waitFor(() => expect(store.changedValues()).toEqual({ Values: { StartDate: '2026-01-31' } }));
    fireEvent.change(shown, { target: { value: '' } });
    await waitFor(() => expect(store.changedValues()).toEqual({ Values: { StartDate: null } }));
    fireEvent.blur(screen.getByRole('spinbutton', { name: 'Month' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This field is required.');
  });
});
