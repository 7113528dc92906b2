// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initFormTexts, layoutOf, renderLayoutForm } from '../test-support';

beforeAll(initFormTexts);
afterEach(cleanup);

describe('multiline renderer', { timeout: 30_000 }, () => {
  it('edits longer text in a text area and checks its length', () => {
    const { store } = renderLayoutForm(layoutOf([{ Name: 'Notes', DisplayValue: 'Invoice notes', DisplayTemplate: 'Multiline', MaxLength: 5 }]));
    const area = screen.getByLabelText('Invoice notes');
    expect(area.tagName).toBe('TEXTAREA');
    fireEvent.change(area, { target: { value: 'line 1\nline 2' } });
    fireEvent.blur(area);
    expect(store.getField('Notes').value).toBe('line 1\nline 2');
    expect(screen.getByRole('alert').textContent).toBe('Enter at most 5 characters.');
  });
});
