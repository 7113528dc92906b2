/**
 * A stack (schema/stack.ts), pure: which parts a user sees — by the capabilities a part requires, whether the
 * context names the user's own account, the rows of the stack's sources, and a notice shown only when nothing else
 * is — and the context each source and drawn definition gets.
 */
import type { Capability } from '../../contract/capabilities';
import { meetsAccess } from './access';
import { paneContext } from './panes';
import { readPath } from './layout-create';
import type { ScreenContext } from './bindings';
import type { StackDefinition, StackPartDefinition } from './definition-schema';

type Row = Record<string, unknown>;

/** What the conditions read: the user, the context and each source's rows (undefined until answered). */
export interface StackFacts {
  capabilities: readonly Capability[];
  userId: string | number | undefined;
  context: ScreenContext;
  sources: Readonly<Record<string, readonly unknown[] | undefined>>;
  /** Per definition a part draws: whether the user may open it (undefined until it is read; the part waits). */
  opens?: Readonly<Record<string, boolean | undefined>>;
}

/** The rows of a source's answer (its `rowsPath`, else the answer itself); anything else is no rows. */
export function sourceRows(answer: unknown, rowsPath: string | undefined): unknown[] {
  const rows = rowsPath ? readPath(answer, rowsPath) : answer;
  return Array.isArray(rows) ? rows : [];
}

/** Whether the context's `own.context` names the signed-in user (a missing value is not one's own). */
export function isOwn(stack: StackDefinition, facts: StackFacts): boolean {
  if (!stack.own) return false;
  const value = facts.context[stack.own.context];
  return value !== undefined && value !== '' && facts.userId !== undefined && String(value) === String(facts.userId);
}

/** A part's own conditions; undefined while a source it reads has not answered (the part waits). */
function partHolds(stack: StackDefinition, part: StackPartDefinition, facts: StackFacts): boolean | undefined {
  if (part.requires && !meetsAccess(facts.capabilities, part.requires)) return false;
  if (part.own !== undefined && part.own !== isOwn(stack, facts)) return false;
  if (part.definition && facts.opens) {
    const opens = facts.opens[part.definition.name];
    if (opens === false) return false;
    if (opens === undefined) return undefined;
  }
  for (const condition of part.when ?? []) {
    const rows = facts.sources[condition.source];
    if (rows === undefined) return undefined;
    const wanted = facts.context[condition.where.context];
    const row = rows.find((entry) => typeof entry === 'object' && entry !== null && String((entry as Row)[condition.where.field]) === String(wanted ?? ''));
    if (!row || (row as Row)[condition.field] !== condition.equals) return false;
  }
  return true;
}

/**
 * The parts shown, in order. A notice with `whenNothingElse` is shown only when no other part is; `pending` is
 * true while a condition still waits for a source (the notice is then held back too).
 */
export function shownStackParts(stack: StackDefinition, facts: StackFacts): { parts: StackPartDefinition[]; pending: boolean } {
  let pending = false;
  const shown = stack.parts.filter((part) => {
    if (part.notice?.whenNothingElse) return false;
    const holds = partHolds(stack, part, facts);
    if (holds === undefined) pending = true;
    return holds === true;
  });
  const fallbacks = shown.length === 0 && !pending ? stack.parts.filter((part) => part.notice?.whenNothingElse && partHolds(stack, part, facts) === true) : [];
  return { parts: stack.parts.filter((part) => shown.includes(part) || fallbacks.includes(part)), pending };
}

/** The context a drawn definition gets: its values from this screen's (missing ones left out). */
export const stackPartContext = (part: StackPartDefinition, context: ScreenContext): ScreenContext => paneContext(part.definition?.context ?? {}, context);

/** Whether a source can be called: every non-optional context value its parameters bind is there. */
export const stackSourceReady = (source: NonNullable<StackDefinition['sources']>[number], context: ScreenContext): boolean =>
  Object.values(source.params ?? {}).every((binding) => !('context' in binding) || binding.optional === true || (context[binding.context] ?? '') !== '');

/** Parts beside each other on a wide window: consecutive half parts pair up (as rows of one or two parts). */
export function stackRows(parts: readonly StackPartDefinition[]): StackPartDefinition[][] {
  const rows: StackPartDefinition[][] = [];
  for (const part of parts) {
    const last = rows[rows.length - 1];
    if (part.width === 'half' && last && last.length === 1 && last[0].width === 'half') last.push(part);
    else rows.push([part]);
  }
  return rows;
}
