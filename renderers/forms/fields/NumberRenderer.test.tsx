// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initFormTexts, layoutOf, renderLayoutForm } from '../test-support';

beforeAll(initFormTexts);
afterEach(cleanup);

describe('number renderer', { timeout: 30_000 }, () => {
  it('keeps the typed text, says "numbers only", saves a number', () => {
    const { store } = renderLayoutForm(layoutOf([{ Name: 'Budget', DisplayValue: 'Budget', Type: 'Number' }]), { views: { Values: { Budget: 10 } } });
    const input = screen.getByLabelText('Budget') as HTMLInputElement;
    expect(input.value).toBe('10');
    expect(input.inputMode).toBe('decimal');
    fireEvent.change(input, { target: { value: '12a' } });
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe('Only numbers are allowed.');
    fireEvent.change(input, { target: { value: '12,5' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(store.changedValues()).toEqual({ Values: { Budget: 12.5 } });
  });

  it('checks whole numbers and bounds of integers', () => {
    renderLayoutForm(layoutOf([{ Name: 'Seats', DisplayValue: 'Seats', Type: 'Integer', Minimum: 1, Maximum: 500 }]));
    const input = screen.getByLabelText('Seats');
    fireEvent.change(input, { target: { value: '1.5' } });
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe('Only whole numbers are allowed.');
    fireEvent.change(input, { target: { value: '501' } });
    expect(screen.getByRole('alert').textContent).toBe('Enter a value of at most 500.');
  });
});
