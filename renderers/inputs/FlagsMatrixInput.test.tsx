// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FlagsMatrixShape } from '../../engine/forms/flags-matrix';
import { FlagsMatrixInput } from './FlagsMatrixInput';

type Row = Record<string, unknown>;
const shape: FlagsMatrixShape = { keyFields: ['Kind'], flags: ['See', 'Change'] };
const words: Record<string, string> = { A: 'Apples', B: 'Bananas', C: 'Cherries' };

function Harness({ initial, readOnly = false, seen }: { initial: Row[]; readOnly?: boolean; seen: (rows: Row[]) => void }) {
  const [rows, setRows] = useState(initial);
  return (
    <FlagsMatrixInput
      shape={shape}
      rows={rows}
      onChange={(next) => {
        setRows(next);
        seen(next);
      }}
      held={[{ Kind: 'A', See: true, Change: true }, { Kind: 'C', See: true }]}
      stored={initial}
      readOnly={readOnly}
      label="Grants"
      rowHeading="Kind"
      flagLabel={(flag) => flag}
      rowName={(row) => words[String(row.Kind)]}
      rowCode={(row) => String(row.Kind)}
      removeLabel={(name) => `Remove ${name}`}
      add={{ field: 'Kind', offered: ['A', 'B', 'C'], optionLabel: (value) => words[value], label: 'Kind', button: 'Add' }}
    />
  );
}

afterEach(cleanup);

describe('<FlagsMatrixInput>', () => {
  it('ticks what the user holds, lets a stored flag go, and names each box by its row and flag', () => {
    const seen: Row[][] = [];
    render(<Harness initial={[{ Kind: 'A' }, { Kind: 'B', Change: true }]} seen={(rows) => seen.push(rows)} />);
    const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
    expect(box('Apples See').disabled).toBe(false);
    expect(box('Bananas See').disabled).toBe(true);
    expect(box('Bananas Change').checked).toBe(true);
    fireEvent.click(box('Apples Change'));
    fireEvent.click(box('Bananas Change'));
    expect(seen.at(-1)).toEqual([{ Kind: 'A', Change: true }, { Kind: 'B' }]);
    // Gone, it cannot come back: Bananas Change is not held.
    expect(box('Bananas Change').disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Apples' }));
    expect(seen.at(-1)).toEqual([{ Kind: 'B' }]);
  });

  it('adds a row for a value not listed yet, found by its words or its code', async () => {
    const seen: Row[][] = [];
    render(<Harness initial={[{ Kind: 'A' }]} seen={(rows) => seen.push(rows)} />);
    const picker = screen.getByRole('combobox');
    picker.focus();
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'cher' } });
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent)).toEqual(['CherriesC']));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option'));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(seen.at(-1)).toEqual([{ Kind: 'A' }, { Kind: 'C' }]);
  });

  it('changes nothing read-only: no boxes to tick, no remove, no picker', () => {
    render(<Harness initial={[{ Kind: 'A', See: true }]} readOnly seen={() => undefined} />);
    expect((screen.getByRole('checkbox', { name: 'Apples See' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Remove Apples' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
