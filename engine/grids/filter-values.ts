/**
 * The filter form's values → the grid filter model the data source receives,
 * and the options of select filters read from the data source's metadata.
 */
import type { GridFilterEntry, GridFilterModel } from './grid-query';
import type { FilterOption, GridFilterFieldModel } from './grid-model';

/** One form value per filter field: text, chosen values, yes/no, or a date range (yyyy-mm-dd). */
export type FilterValue = string | number | boolean | readonly (string | number | boolean)[] | { from?: string; to?: string } | undefined;
export type FilterValues = Readonly<Record<string, FilterValue>>;

function entryFor(filter: GridFilterFieldModel, value: FilterValue): GridFilterEntry | undefined {
  if (value === undefined || value === '' || value === null) return undefined;
  switch (filter.input) {
    case 'text': {
      const text = String(value).trim();
      if (!text) return undefined;
      const type = filter.operator === 'startsWith' || filter.operator === 'contains' ? filter.operator : 'equals';
      return { filterType: 'text', type, filter: text };
    }
    case 'number': {
      const number = Number(value);
      return Number.isFinite(number) && String(value).trim() !== '' ? { filterType: 'number', type: 'equals', filter: number } : undefined;
    }
    case 'boolean':
      return typeof value === 'boolean' ? { filterType: 'set', values: [value] } : undefined;
    case 'select':
    case 'multiSelect': {
      const values = Array.isArray(value) ? value : [value as string | number | boolean];
      return values.length > 0 ? { filterType: 'set', values: [...values] } : undefined;
    }
    case 'dateRange': {
      const range = value as { from?: string; to?: string };
      if (!range.from && !range.to) return undefined;
      return { filterType: 'date', type: 'inRange', dateFrom: range.from || null, dateTo: range.to || null };
    }
  }
}

export function filterModelFromValues(filters: readonly GridFilterFieldModel[], values: FilterValues): GridFilterModel {
  const model: GridFilterModel = {};
  for (const filter of filters) {
    const entry = entryFor(filter, values[filter.field]);
    if (entry) model[filter.field] = entry;
  }
  return model;
}

export const activeFilterCount = (model: GridFilterModel) => Object.keys(model).length;

/**
 * Options of a metadata-backed filter: the metadata property holds values, or
 * objects with a Value (and optionally a Label, and a Count shown beside the label).
 */
export function optionsFromMetadata(filter: GridFilterFieldModel, metadata: unknown, formatCount: (count: number) => string): FilterOption[] {
  if (filter.options) return filter.options;
  const source = filter.metadataOptions;
  const list = source && (metadata as Record<string, unknown> | null | undefined)?.[source.property];
  if (!source || !Array.isArray(list)) return [];
  return list.flatMap((item): FilterOption[] => {
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') return [{ value: item, label: source.label(String(item)) }];
    if (typeof item === 'object' && item !== null && 'Value' in item) {
      const { Value, Count, Label } = item as { Value: string | number | boolean; Count?: number; Label?: unknown };
      // A Label of its own (e.g. an account's name for its id) is shown as it is.
      const label = typeof Label === 'string' ? Label : source.label(String(Value));
      return [{ value: Value, label: typeof Count === 'number' ? `${label} (${formatCount(Count)})` : label }];
    }
    return [];
  });
}
