// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initFormTexts, layoutOf, renderLayoutForm } from '../test-support';

beforeAll(initFormTexts);
afterEach(cleanup);

describe('date renderer', { timeout: 30_000 }, () => {
  it('uses the date input and keeps ISO dates', () => {
    const { store } = renderLayoutForm(layoutOf([{ Name: 'StartDate', DisplayValue: 'Start date', Type: 'Date', Required: true }]), {
      views: { Values: { StartDate: '2025-03-01T00:00:00Z' } },
    });
    const input = screen.getByLabelText(/Start date/) as HTMLInputElement;
    expect(input.type).toBe('date');
    expect(input.value).toBe('2025-03-01');
    fireEvent.change(input, { target: { value: '2026-01-31' } });
    expect(store.changedValues()).toEqual({ Values: { StartDate: '2026-01-31' } });
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe('This field is required.');
  });
});
