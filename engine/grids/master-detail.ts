/**
 * Master–detail: the rows under one master row (a quote's lines, a service
 * group's services), fetched per row with `masterDetail.load` or read from a
 * field of the row. Pure: the renderer calls the method and draws the rows.
 */
import { applyBindings, setPath, type ScreenContext } from './bindings';
import type { ColumnDefinition, MasterDetailDefinition, ScreenDefinition } from './definition-schema';
import { PageShapeError } from './data-source';
import { valueFormat, type ValueFormat } from './grid-model';
import { resolveText, type Translate } from './texts';

type Row = Record<string, unknown>;

/** The body of the load call for one master row; undefined when the rows are a field of the row. */
export function detailLoadBody(detail: MasterDetailDefinition, masterId: unknown, context: ScreenContext): Row | undefined {
  if (!detail.load) return undefined;
  const body: Row = {};
  applyBindings(body, detail.load.params, context);
  setPath(body, detail.load.idParam, masterId);
  return body;
}

const isRowArray = (value: unknown): value is Row[] =>
  Array.isArray(value) && value.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row));

/** The detail rows in the loaded result (or, without load, in the master row), with the inherited fields of the master row. */
export function readDetailRows(detail: MasterDetailDefinition, source: unknown, master: Row = {}): Row[] {
  // Without rowsPath the loaded result is the list itself (an endpoint's deliveries).
  const rows = !detail.rowsPath ? source : typeof source === 'object' && source !== null ? (source as Row)[detail.rowsPath] : undefined;
  if (rows === undefined || rows === null) return [];
  if (!isRowArray(rows)) throw new PageShapeError(`"${detail.rowsPath ?? 'the result'}" is not a list of rows.`);
  const inherit = detail.inherit ?? [];
  if (inherit.length === 0) return rows;
  const inherited = Object.fromEntries(inherit.map((field) => [field, master[field] ?? (source as Row)[field]]));
  return rows.map((row) => ({ ...inherited, ...row }));
}

/** The text named by the heading's {{name}}: the master row's titleField, else its id. */
export const detailHeadingName = (detail: MasterDetailDefinition, master: Row, masterId: unknown): string =>
  String((detail.titleField ? master[detail.titleField] : undefined) ?? masterId ?? '');

export interface StructureColumnModel extends ValueFormat {
  field: string;
  headerName: string;
  width?: number;
}

/** Columns of the structures (detail rows, tree nodes) with texts resolved, as the grid's own. */
export const structureColumns = (columns: readonly ColumnDefinition[], translate: Translate, locale: string): StructureColumnModel[] =>
  columns.map((column) => ({ ...valueFormat(column, translate), field: column.field, headerName: resolveText(column.label, translate, locale), width: column.width }));

export interface MasterDetailModel {
  definition: MasterDetailDefinition;
  columns: StructureColumnModel[];
  /** The heading for one master row. */
  title: (master: Row, masterId: unknown) => string;
  empty?: string;
}

export function masterDetailModel(definition: ScreenDefinition, translate: Translate, locale: string): MasterDetailModel | undefined {
  const detail = definition.masterDetail;
  if (!detail) return undefined;
  return {
    definition: detail,
    columns: structureColumns(detail.columns, translate, locale),
    title: (master, masterId) => {
      const name = detailHeadingName(detail, master, masterId);
      return detail.title ? resolveText(detail.title, translate, locale, { name }) : name;
    },
    empty: detail.empty ? resolveText(detail.empty, translate, locale) : undefined,
  };
}
