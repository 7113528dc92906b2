// @vitest-environment jsdom
/** A root property of a layout in the studio, drawn by its schema's shape: a list of constants offers those alone. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SchemaPropertyInput } from './SchemaPropertyInput';

afterEach(cleanup);

describe('a list of constants (AccountActions)', () => {
  const schema = { type: 'array', items: { anyOf: [{ const: 'Move' }, { const: 'Terminate' }, { const: 'Upgrade' }] } };

  it('offers the constants not chosen yet and adds the one picked', () => {
    const onChange = vi.fn();
    render(<SchemaPropertyInput schema={schema} label="Account actions" value={['Move']} onChange={onChange} testId="studio-root-AccountActions" />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Account actions' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Terminate', 'Upgrade']);
    fireEvent.click(screen.getByRole('option', { name: 'Upgrade' }));
    expect(onChange).toHaveBeenCalledWith(['Move', 'Upgrade']);
  });

  it('takes no word that is not one of them', () => {
    const onChange = vi.fn();
    render(<SchemaPropertyInput schema={schema} label="Account actions" value={[]} onChange={onChange} testId="studio-root-AccountActions" />);
    const input = screen.getByRole('combobox', { name: 'Account actions' });
    fireEvent.change(input, { target: { value: 'Delete' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).not.toHaveBeenCalled();
  });
});
