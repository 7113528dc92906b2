/**
 * Running an action: which rows it applies to, the bodies of its calls, and
 * what the user reads afterwards.
 */
import { applyBindings, setPath, type ScreenContext } from './bindings';
import type { ActionDefinition } from './definition-schema';
import type { GridActionModel } from './grid-model';

type Row = Record<string, unknown>;

/** Does the action apply to this row (its enabledWhen)? The server still decides. */
export function actionAppliesTo(action: ActionDefinition, row: Row): boolean {
  const rule = action.enabledWhen;
  if (!rule) return true;
  const value = row[rule.field] as string | number | boolean;
  if (rule.in && !rule.in.includes(value)) return false;
  if (rule.notIn && rule.notIn.includes(value)) return false;
  return true;
}

/** The ids of the rows among `rows` the action applies to. */
export function applicableIds(action: GridActionModel, rows: readonly Row[], rowId: string): (string | number)[] {
  return rows.filter((row) => actionAppliesTo(action.definition, row)).map((row) => row[rowId] as string | number);
}

/** One body per call: all ids in one (list) or one call per id (single). */
export function actionBodies(action: GridActionModel, ids: readonly (string | number)[], context: ScreenContext, reason?: string): Record<string, unknown>[] {
  const { ids: idsBinding, params } = action.definition;
  const build = (value: unknown) => {
    const body: Record<string, unknown> = {};
    setPath(body, idsBinding.param, value);
    applyBindings(body, params, context);
    if (action.reason && reason !== undefined) setPath(body, action.reason.param, reason);
    return body;
  };
  return idsBinding.as === 'list' ? [build([...ids])] : ids.map((id) => build(id));
}

export interface ActionOutcome {
  succeeded: (string | number)[];
  failed: { id: string | number; message: string }[];
}

/** Reads a bulk result ({ Succeeded, Failed: [{ Id, Message }] }); other results count every id as done. */
export function readActionOutcome(action: GridActionModel, ids: readonly (string | number)[], results: readonly unknown[]): ActionOutcome {
  if (action.definition.result !== 'bulk') return { succeeded: [...ids], failed: [] };
  const outcome: ActionOutcome = { succeeded: [], failed: [] };
  for (const result of results) {
    const bulk = result as { Succeeded?: unknown; Failed?: unknown } | null;
    if (Array.isArray(bulk?.Succeeded)) outcome.succeeded.push(...(bulk.Succeeded as (string | number)[]));
    if (Array.isArray(bulk?.Failed)) {
      for (const failure of bulk.Failed as { Id: string | number; Message: string }[]) outcome.failed.push({ id: failure.Id, message: failure.Message });
    }
  }
  return outcome;
}
