// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initFormTexts, layoutOf, renderLayoutForm } from '../test-support';

beforeAll(initFormTexts);
afterEach(cleanup);

describe('checkbox renderer', { timeout: 30_000 }, () => {
  it('toggles a yes/no value, labelled beside the box', () => {
    const { store } = renderLayoutForm(layoutOf([{ Name: 'Newsletter', DisplayValue: 'Newsletter', Type: 'Boolean' }]), { views: { Values: { Newsletter: true } } });
    const box = screen.getByLabelText('Newsletter') as HTMLInputElement;
    expect(box.type).toBe('checkbox');
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(box.checked).toBe(false);
    expect(store.changedValues()).toEqual({ Values: { Newsletter: false } });
  });

  it('a required box must be ticked', () => {
    renderLayoutForm(layoutOf([{ Name: 'Terms', DisplayValue: 'I accept', Type: 'Boolean', Required: true }]));
    const box = screen.getByLabelText('I accept');
    fireEvent.click(box);
    fireEvent.click(box);
    expect(screen.getByRole('alert').textContent).toBe('This field is required.');
  });
});
