// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { GridColumnModel } from '../../../engine/grids';
import { BooleanCell, LinkCell, StatusCell, type DomCellParams } from './dom-cells';

const column = (overrides: Partial<GridColumnModel>): GridColumnModel => ({ field: 'F', headerName: 'F', type: 'text', sortable: false, hidden: false, ...overrides });
const translate = (key: string) => ({ 'grids.yes': 'Yes', 'grids.no': 'No' })[key] ?? key;
const params = (value: unknown, data: Record<string, unknown>, model: GridColumnModel) => ({ value, data, definedColumn: model, translate }) as unknown as DomCellParams;

function render<T extends StatusCell | BooleanCell | LinkCell>(cell: T, value: unknown, data: Record<string, unknown>, model: GridColumnModel) {
  cell.init(params(value, data, model));
  return cell.getGui();
}

describe('DOM cell renderers', () => {
  it('shows a status as a chip in its colour, with its translated label', () => {
    const status = column({ type: 'status', status: { colors: { Failed: 'error' }, label: (value) => (value === 'Failed' ? 'Fehlgeschlagen' : value) } });
    const gui = render(new StatusCell(), 'Failed', {}, status);
    expect(gui.className).toBe('dg-chip dg-chip--error');
    expect(gui.textContent).toBe('Fehlgeschlagen');
    expect(render(new StatusCell(), 'Other', {}, status).className).toBe('dg-chip dg-chip--default');
    expect(render(new StatusCell(), null, {}, status).textContent).toBe('');
  });

  it('shows yes/no with a label for screen readers', () => {
    const gui = render(new BooleanCell(), false, {}, column({ type: 'boolean' }));
    expect(gui.getAttribute('role')).toBe('img');
    expect(gui.getAttribute('aria-label')).toBe('No');
  });

  it('links to the account of the row, or shows plain text without an id', () => {
    const link = column({ type: 'link', link: { to: 'account', idField: 'AccountId' } });
    const anchor = render(new LinkCell(), 'Contoso <Ltd>', { AccountId: 6 }, link).querySelector('a');
    expect(anchor?.getAttribute('href')).toBe('#/account/6');
    expect(anchor?.textContent).toBe('Contoso <Ltd>');
    expect(anchor?.innerHTML).toBe('Contoso &lt;Ltd&gt;');
    const plain = render(new LinkCell(), 'No id', {}, link);
    expect(plain.querySelector('a')).toBeNull();
    expect(plain.textContent).toBe('No id');
  });

  it('updates in place on refresh', () => {
    const cell = new StatusCell();
    const status = column({ type: 'status', status: { colors: { Completed: 'success' }, label: (value) => value } });
    cell.init(params('Failed', {}, status));
    expect(cell.refresh(params('Completed', {}, status))).toBe(true);
    expect(cell.getGui().className).toBe('dg-chip dg-chip--success');
  });
});
