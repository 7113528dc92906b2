// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initFormTexts, layoutOf, renderLayoutForm } from '../test-support';

beforeAll(initFormTexts);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('text renderer', { timeout: 30_000 }, () => {
  it('shows label and value, writes typed text to the store, shows errors once left', () => {
    const { store } = renderLayoutForm(layoutOf([{ Name: 'DisplayName', DisplayValue: 'Company name', Required: true, MaxLength: 10, HelpText: 'As registered' }]), {
      views: { Values: { DisplayName: 'Contoso' } },
    });
    const input = screen.getByLabelText(/Company name/) as HTMLInputElement;
    expect(input.value).toBe('Contoso');
    expect(input.maxLength).toBe(10);
    expect(screen.getByText('As registered')).toBeTruthy();
    fireEvent.change(input, { target: { value: '' } });
    expect(store.getField('DisplayName').value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe('This field is required.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: 'Fabrikam' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(store.changedValues()).toEqual({ Values: { DisplayName: 'Fabrikam' } });
  });

  it('is an e-mail input for Email fields and says so when the address is wrong', () => {
    renderLayoutForm(layoutOf([{ Name: 'Email', DisplayValue: 'Email address', Type: 'Email' }]));
    const input = screen.getByLabelText('Email address') as HTMLInputElement;
    expect(input.type).toBe('email');
    fireEvent.change(input, { target: { value: 'nobody' } });
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address.');
  });

  it('shows a pending remote check, then the server message', async () => {
    vi.useFakeTimers();
    let answer!: (result: { valid: boolean; message: string | null }) => void;
    const validateRemote = vi.fn(() => new Promise<{ valid: boolean; message: string | null }>((resolve) => (answer = resolve)));
    renderLayoutForm(layoutOf([{ Name: 'VatNumber', DisplayValue: 'VAT number', RemoteValidation: 'Unique' }]), { services: { validateRemote }, remoteDebounceMs: 300 });
    const input = screen.getByLabelText('VAT number');
    fireEvent.change(input, { target: { value: 'DE123' } });
    expect(screen.getByText('Checking…')).toBeTruthy();
    expect(input.getAttribute('aria-busy')).toBe('true');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(validateRemote).toHaveBeenCalledOnce();
    await act(async () => answer({ valid: false, message: 'This value is already used by another account.' }));
    expect(screen.getByRole('alert').textContent).toBe('This value is already used by another account.');
  });
});
