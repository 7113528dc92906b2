/**
 * The expander of a master row (master–detail): a plain DOM button, like the
 * other cells, that opens or closes the row's detail rows. Each cell listens
 * for changes of the open row and redraws its arrow.
 */
import type { ICellRendererComp, ICellRendererParams } from 'ag-grid-community';

type Row = Record<string, unknown>;
export type ExpanderCellParams = ICellRendererParams<Row> & {
  rowIdOf: (row: Row) => string;
  isOpen: (id: string) => boolean;
  onToggle: (row: Row) => void;
  label: (row: Row, open: boolean) => string;
  /** Called back when the open row changes; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
};

export const EXPANDER_COLUMN = 'dg-expander';

export class ExpanderCell implements ICellRendererComp<Row> {
  private gui!: HTMLButtonElement;
  private params!: ExpanderCellParams;
  private unsubscribe: (() => void) | undefined;

  init(params: ExpanderCellParams): void {
    this.unsubscribe = params.subscribe(() => this.render(this.params));
    this.gui = document.createElement('button');
    this.gui.type = 'button';
    this.gui.className = 'dg-expander';
    this.gui.tabIndex = -1;
    this.gui.addEventListener('click', (event) => {
      event.stopPropagation();
      if (this.params.data) this.params.onToggle(this.params.data);
    });
    this.render(params);
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  destroy(): void {
    this.unsubscribe?.();
  }

  refresh(params: ExpanderCellParams): boolean {
    this.render(params);
    return true;
  }

  private render(params: ExpanderCellParams): void {
    this.params = params;
    const row = params.data;
    this.gui.hidden = !row;
    if (!row) return;
    const id = params.rowIdOf(row);
    const open = params.isOpen(id);
    this.gui.textContent = open ? '▾' : '▸';
    this.gui.setAttribute('aria-expanded', String(open));
    this.gui.setAttribute('aria-label', params.label(row, open));
    this.gui.title = params.label(row, open);
    this.gui.dataset.testid = `grid-expand-${id}`;
  }
}
