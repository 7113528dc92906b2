/**
 * Actions on master–detail rows (webhooks.json: replay one delivery, or every
 * failed one of the endpoint): who sees them, which rows they are offered on,
 * the count in an "all" button's label, and the body of the call.
 */
import type { Capability } from '../../contract/capabilities';
import { meetsAccess } from './access';
import { applyBindings, setPath, type ScreenContext } from './bindings';
import type { DetailActionDefinition } from './definition-schema';

type Row = Record<string, unknown>;
type Condition = { field: string; in: readonly (string | number | boolean)[] };

const holdsFor = (condition: Condition | undefined, row: Row) => !condition || condition.in.includes(row[condition.field] as string | number | boolean);

/** The actions of the detail rows the user holds, split by where they are drawn. */
export function detailActionsFor(actions: readonly DetailActionDefinition[] | undefined, capabilities: readonly Capability[]) {
  const shown = (actions ?? []).filter((action) => meetsAccess(capabilities, action.requires));
  return { onRow: shown.filter((action) => action.scope === 'row'), onAll: shown.filter((action) => action.scope === 'all') };
}

/** Is a row action offered on this detail row (its enabledWhen)? The server still decides. */
export const detailActionApplies = (action: DetailActionDefinition, row: Row): boolean => holdsFor(action.enabledWhen, row);

/** An "all" action's count: the detail rows its countWhen matches (every row without one). */
export const detailActionCount = (action: DetailActionDefinition, rows: readonly Row[]): number => rows.filter((row) => holdsFor(action.countWhen, row)).length;

/** The body: bindings from the context, then each parameter from the row (the detail row, or the master row for "all"). */
export function detailActionBody(action: DetailActionDefinition, row: Row, context: ScreenContext): Row {
  const body: Row = {};
  applyBindings(body, action.params, context);
  for (const [param, field] of Object.entries(action.fields)) setPath(body, param, row[field]);
  return body;
}
