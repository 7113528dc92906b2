/**
 * Cell renderers for status, boolean and link columns as plain DOM components
 * (AG Grid's ICellRendererComp), not React: a re-sorted page creates every
 * visible cell again, and a DOM span costs a fraction of a React component with
 * emotion styles. Their look comes from gridCellStyles (cell-styles.ts).
 */
import type { ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import { linkedParts, linkTarget, type GridColumnModel, type Translate } from '../../../engine/grids';

type Row = Record<string, unknown>;
/**
 * What the definition gives each cell: its column model under a name of its own. AG Grid merges a column's
 * cellRendererParams deeply into its own params, whose `column` is the grid's live column: a model passed as
 * `column` was written into it (its `pinned: 'left'` among others), so a pinned column AG Grid had unpinned on a
 * narrow screen was pinned again behind its back and its cells were drawn nowhere (issue 36 item 7).
 */
export type DomCellParams = ICellRendererParams<Row> & { definedColumn: GridColumnModel; translate: Translate };

abstract class DomCell implements ICellRendererComp<Row> {
  protected gui!: HTMLElement;
  init(params: DomCellParams): void {
    this.gui = document.createElement('span');
    this.render(params);
  }
  getGui(): HTMLElement {
    return this.gui;
  }
  refresh(params: DomCellParams): boolean {
    this.render(params);
    return true;
  }
  protected abstract render(params: DomCellParams): void;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

export class StatusCell extends DomCell {
  protected render({ value, definedColumn: column }: DomCellParams): void {
    if (isEmpty(value)) {
      this.gui.className = '';
      this.gui.textContent = '';
      return;
    }
    const text = String(value);
    const color = column.status?.colors[text] ?? 'default';
    this.gui.className = `dg-chip dg-chip--${color}`;
    this.gui.dataset.status = text;
    this.gui.textContent = column.status?.label(text) ?? text;
  }
}

export class BooleanCell extends DomCell {
  protected render({ value, translate }: DomCellParams): void {
    if (value === null || value === undefined) {
      this.gui.className = '';
      this.gui.textContent = '';
      this.gui.removeAttribute('role');
      return;
    }
    const label = translate(value ? 'grids.yes' : 'grids.no');
    this.gui.className = value ? 'dg-bool dg-bool--yes' : 'dg-bool dg-bool--no';
    this.gui.setAttribute('role', 'img');
    this.gui.setAttribute('aria-label', label);
    this.gui.title = label;
    this.gui.textContent = value ? '✓' : '–';
  }
}

const anchorTo = (to: string, text: string) => {
  const anchor = document.createElement('a');
  // Hash routes: the app's router follows the address change.
  anchor.href = `#${to}`;
  anchor.className = 'dg-link';
  // Keyboard users move between cells with the arrows; Tab from the focused cell reaches the link.
  anchor.tabIndex = -1;
  anchor.textContent = text;
  return anchor;
};

/** A text whose words name accounts (column linksField): those words are links. */
export class SentenceCell extends DomCell {
  protected render({ value, data, definedColumn: column }: DomCellParams): void {
    const text = isEmpty(value) ? '' : String(value);
    const links = column.linksField && data ? data[column.linksField] : undefined;
    this.gui.replaceChildren(...linkedParts(text, links).map((part) => (part.to ? anchorTo(part.to, part.text) : document.createTextNode(part.text))));
    this.gui.title = text;
  }
}

export class LinkCell extends DomCell {
  protected render({ value, data, definedColumn: column }: DomCellParams): void {
    const text = isEmpty(value) ? '' : String(value);
    const to = data ? linkTarget(column, data) : undefined;
    this.gui.replaceChildren();
    if (!to) {
      this.gui.textContent = text;
      return;
    }
    this.gui.append(anchorTo(to, text || to));
  }
}
