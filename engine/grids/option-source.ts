/**
 * Options read from a method (a toolbar context picker, an add panel's picker):
 * the body of the call and the options read from its answer.
 */
import { applyBindings, setPath, type ScreenContext } from './bindings';
import type { OptionsSourceDefinition } from './definition-schema';

export interface SourceOption {
  value: string | number;
  label: string;
  detail?: string;
  /** The row the option was read from (a found node's route and symbol). */
  row?: Record<string, unknown>;
}

/** The call's body: the bound parameters and, when the source searches, the typed text (left out when empty). */
export function optionsBody(source: OptionsSourceDefinition, context: ScreenContext, search = ''): Record<string, unknown> {
  const body = applyBindings({}, source.params, context) as Record<string, unknown>;
  const text = search.trim();
  if (source.searchParam && text) setPath(body, source.searchParam, text);
  return body;
}

/** The options of an answer; rows without a usable value are left out. */
export function readOptions(source: OptionsSourceDefinition, result: unknown): SourceOption[] {
  const rows = source.rowsPath ? (result as Record<string, unknown> | null)?.[source.rowsPath] : result;
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row: Record<string, unknown>) => {
    const value = row?.[source.valueField];
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    const label = source.labelFields.map((field) => row[field]).filter((part) => part !== null && part !== undefined && part !== '').join(' · ');
    const detail = source.detailField ? row[source.detailField] : undefined;
    return [{ value, label: label || String(value), ...(typeof detail === 'string' && detail ? { detail } : {}), row }];
  });
}

