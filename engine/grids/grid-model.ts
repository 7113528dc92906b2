/**
 * Definition + capabilities + locale → the grid model a renderer draws:
 * texts resolved, actions the user may not run left out, the data source
 * bound to its typed query. Pure: no React, no AG Grid.
 */
import type { Capability } from '../../contract/capabilities';
import { addedValue, type ValueKindName } from '../../contract/value-kinds';
import { meetsAccess } from './access';
import type {
  ActionDefinition,
  ColumnDefinition,
  ColumnType,
  DataSourceDefinition,
  DetailFieldDefinition,
  DetailPanelDefinition,
  ExportDefinition,
  FilterDefinition,
  FilterOperator,
  ScreenDefinition,
} from './definition-schema';
import type { GridSortEntry } from './grid-query';
import { kindLabel, resolveText, statusLabel, type Translate } from './texts';
import { buildEditingModel, computedColumns, type AggregateKind, type EditingModel } from './editing';
import type { EditRuleDefinition } from './definition-schema';

export type ChipColor = 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';

/** How a value is shown (cells, detail panel, export). */
export interface ValueFormat {
  type: ColumnType | 'multiline' | 'history' | 'progress';
  currency?: string;
  currencyField?: string;
  status?: { colors: Readonly<Record<string, ChipColor>>; label: (value: string) => string };
  link?: { to: 'account' | 'service'; idField: string };
  /** The text of a stored value in the user's language (columns with a valueKind). */
  valueLabel?: (value: string) => string;
}

export interface GridColumnModel extends ValueFormat {
  field: string;
  /** Field holding [{Text, To}]: words of the cell text shown as links. */
  linksField?: string;
  headerName: string;
  sortable: boolean;
  width?: number;
  hidden: boolean;
  pinned?: 'left' | 'right';
  /** Rules of an editable cell (editing only when the model has `editing`). */
  editable?: EditRuleDefinition;
  /** Computed from the row's fields (see GridModel.computed). */
  computed?: boolean;
  aggregate?: AggregateKind;
}

export interface FilterOption {
  value: string | number | boolean;
  label: string;
}

export interface GridFilterFieldModel {
  field: string;
  label: string;
  input: FilterDefinition['input'];
  operator: FilterOperator;
  /** Fixed options, or where to find them in the metadata result. */
  options?: FilterOption[];
  metadataOptions?: { property: string; label: (value: string) => string };
}

export interface GridActionModel {
  id: string;
  label: string;
  icon?: string;
  service: string;
  method: string;
  definition: ActionDefinition;
  onRow: boolean;
  onSelection: boolean;
  /** The confirmation text for a number of rows; undefined when the action needs no confirmation. */
  confirmation?: { title: string; text: (count: number) => string; confirmLabel: string; destructive: boolean };
  reason?: { param: string; label: string; required: boolean; maxLength: number };
}

export interface DetailFieldModel extends ValueFormat {
  field: string;
  label: string;
  /** Texts with the row's values shown instead of the value (engine/grids/detail-panel.ts). */
  lines?: DetailFieldDefinition['lines'];
  hideWhenEmpty?: boolean;
  /** progress: the field holding the whole. */
  totalField?: string;
}

export interface GridModel {
  id: string;
  title: string;
  dataSource: DataSourceDefinition;
  columns: GridColumnModel[];
  defaultSort: GridSortEntry[];
  filters: GridFilterFieldModel[];
  actions: GridActionModel[];
  /** Rows can be selected: some action works on the selection. */
  selectable: boolean;
  /** definition: the panel as defined (its title's values, buttons and files; engine/grids/detail-panel.ts). */
  detailPanel?: { title?: string; fields: DetailFieldModel[]; load?: DetailPanelDefinition['load']; definition: DetailPanelDefinition };
  export?: ExportDefinition;
  pageSize: number;
  /** Editing: rules, marks, bulk edits and the save; absent when the definition has none or the user may not edit. */
  editing?: EditingModel;
  /** Computed columns in column order, evaluated over each shown row. */
  computed: ReturnType<typeof computedColumns>;
}

export interface GridModelInput {
  capabilities: readonly Capability[];
  translate: Translate;
  locale: string;
}

const DEFAULT_PAGE_SIZE = 100;
const DEFAULT_REASON_MAX = 1000;

/** The rows a grid asks for at a time: the server paging's page size (client paging slices by the default). */
export const gridPageSize = (definition: Pick<ScreenDefinition, 'dataSource'>): number =>
  definition.dataSource.paging.mode === 'server' ? (definition.dataSource.paging.pageSize ?? DEFAULT_PAGE_SIZE) : DEFAULT_PAGE_SIZE;

/** The sort a grid opens with when the user has none of their own (the definition's `defaultSort`). */
export const gridDefaultSort = (definition: Pick<ScreenDefinition, 'defaultSort'>): GridSortEntry[] =>
  (definition.defaultSort ?? []).map((sort) => ({ colId: sort.field, sort: sort.direction }));

/** A kind's colours: the definition's, else the colour data gave the value (a layout's account type), read when drawn. */
const kindColors = (kind: ValueKindName, colors: Record<string, ChipColor>): Record<string, ChipColor> =>
  new Proxy(colors, { get: (target, key) => (typeof key === 'string' && !Object.hasOwn(target, key) ? (addedValue(kind, key)?.color as ChipColor | undefined) : Reflect.get(target, key)) });

export function valueFormat(source: ColumnDefinition | DetailFieldDefinition, translate: Translate): ValueFormat {
  const { valueKind } = source;
  const valueLabel = valueKind ? (value: string) => kindLabel(valueKind, value, translate) : undefined;
  return {
    valueLabel,
    type: source.type,
    currency: source.currency,
    currencyField: source.currencyField,
    link: source.link,
    status: source.status && {
      colors: valueKind ? kindColors(valueKind, source.status.colors as Record<string, ChipColor>) : (source.status.colors as Record<string, ChipColor>),
      label: valueLabel ?? ((value: string) => statusLabel(value, source.status?.labelPrefix, translate)),
    },
  };
}

export function filterOperator(filter: FilterDefinition): FilterOperator {
  switch (filter.input) {
    case 'text':
      return filter.operator ?? 'equals';
    case 'number':
      return 'equals';
    case 'dateRange':
      return 'inRange';
    default:
      return 'in';
  }
}

function actionModel(action: ActionDefinition, text: (ref: Parameters<typeof resolveText>[0], values?: Record<string, string | number>) => string, translate: Translate): GridActionModel {
  const { confirmation, reasonForm } = action;
  return {
    id: action.id,
    label: text(action.label),
    icon: action.icon,
    service: action.service,
    method: action.method,
    definition: action,
    onRow: action.scope !== 'bulk',
    onSelection: action.scope !== 'row',
    confirmation: confirmation && {
      title: text(confirmation.title),
      text: (count) => text(confirmation.text, { count }),
      confirmLabel: confirmation.confirmLabel ? text(confirmation.confirmLabel) : translate('common.ok'),
      destructive: confirmation.destructive === true,
    },
    reason: reasonForm && {
      param: reasonForm.param,
      label: text(reasonForm.label),
      required: reasonForm.required === true,
      maxLength: reasonForm.maxLength ?? DEFAULT_REASON_MAX,
    },
  };
}

/** May this user open the screen at all (its access requirement)? */
export function canOpenScreen(definition: ScreenDefinition, capabilities: readonly Capability[]): boolean {
  return meetsAccess(capabilities, definition.access);
}

export function buildGridModel(definition: ScreenDefinition, { capabilities, translate, locale }: GridModelInput): GridModel {
  const text = (ref: Parameters<typeof resolveText>[0], values?: Record<string, string | number>) => resolveText(ref, translate, locale, values);
  const actions = (definition.actions ?? []).filter((action) => meetsAccess(capabilities, action.requires)).map((action) => actionModel(action, text, translate));
  const detail = definition.detailPanel;
  return {
    id: definition.id,
    title: text(definition.title),
    dataSource: definition.dataSource,
    columns: definition.columns.map((column) => ({
      ...valueFormat(column, translate),
      field: column.field,
      linksField: column.linksField,
      headerName: text(column.label),
      sortable: column.sortable === true,
      width: column.width,
      hidden: column.hidden === true,
      pinned: column.pinned,
      editable: column.editable,
      computed: column.compute !== undefined,
      aggregate: column.aggregate as AggregateKind | undefined,
    })),
    defaultSort: gridDefaultSort(definition),
    filters: (definition.filters ?? []).map((filter) => {
      const options = filter.options;
      return {
        field: filter.field,
        label: text(filter.label),
        input: filter.input,
        operator: filterOperator(filter),
        options: Array.isArray(options) ? options.map((option) => ({ value: option.value, label: text(option.label) })) : undefined,
        metadataOptions:
          options && !Array.isArray(options)
            ? {
                property: options.metadata,
                label: (value: string) => {
                  const { valueKind } = options;
                  return valueKind ? kindLabel(valueKind, value, translate) : statusLabel(value, options.labelPrefix, translate);
                },
              }
            : undefined,
      };
    }),
    actions,
    selectable: actions.some((action) => action.onSelection),
    detailPanel: detail && {
      title: detail.title ? text(detail.title) : undefined,
      fields: detail.fields.map((field) => ({ ...valueFormat(field, translate), field: field.field, label: text(field.label), lines: field.lines, hideWhenEmpty: field.hideWhenEmpty, totalField: field.totalField })),
      load: detail.load,
      definition: detail,
    },
    export: definition.export,
    editing: buildEditingModel(definition, capabilities),
    computed: computedColumns(definition.columns),
    pageSize: gridPageSize(definition),
  };
}
