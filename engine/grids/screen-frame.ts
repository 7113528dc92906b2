/**
 * The frame of a screen (schema/screen-frame.ts), pure: the record's values joined to the context,
 * the heading's values, a reorder's list and the body of its save, and the progress of followed jobs.
 */
import { applyBindings, setPath, type ScreenContext } from './bindings';
import type { FollowJobsDefinition, PageDefinition, RecordSourceDefinition, ReorderDefinition } from './definition-schema';

type Row = Record<string, unknown>;

/**
 * Context values the app's screen host gives every definition (src/screens/list/ListScreen): the signed-in user's name, the branding's title,
 * the user's own organisation, the user's account and those above it as a path (1/2/8/20: what nobody moves or terminates), and the
 * impersonator's account id while impersonating.
 */
export const HOST_CONTEXT = ['userName', 'brandingTitle', 'ownAccountId', 'userAccountPath', 'impersonatorAccountId'] as const;

/** Whether the context holds every value the record's parameters need (else it is not loaded). */
export const recordReady = (record: RecordSourceDefinition, context: ScreenContext): boolean =>
  Object.values(record.params ?? {}).every((binding) => !('context' in binding) || binding.optional === true || (context[binding.context] ?? '') !== '');

/** The call's body. */
export const recordBody = (record: RecordSourceDefinition, context: ScreenContext) => applyBindings({}, record.params, context);

/** The context values the record's answer gives (fields without a value are left out). */
export function recordContext(record: RecordSourceDefinition, answer: unknown): ScreenContext {
  const row = (answer ?? {}) as Row;
  const values: Record<string, string | number> = {};
  for (const [name, field] of Object.entries(record.context)) {
    const value = row[field];
    if (typeof value === 'string' || typeof value === 'number') values[name] = value;
  }
  return values;
}

/** The heading's values from the context; undefined when one is missing (the heading's whenMissing, if any, is shown). */
export function headingValues(heading: NonNullable<PageDefinition['heading']>, context: ScreenContext): Record<string, string | number> | undefined {
  const values: Record<string, string | number> = {};
  let missing = false;
  for (const [placeholder, name] of Object.entries(heading.values ?? {})) {
    const value = context[name];
    if (value === undefined || value === '') missing = true;
    values[placeholder] = value === undefined ? '' : (value as string | number);
  }
  return missing ? undefined : values;
}

/** The list with the item at `from` moved to `to` (dragged, or one up or down); the same list when nothing moves. */
export function movedTo<T>(list: readonly T[], from: number, to: number): readonly T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

const numberOf = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0) || 0);
const compareIds = (a: unknown, b: unknown) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b)));

/** The rows as the reorder dialog opens with them: by the order field, lowest first, ties by row id. */
export const orderedRows = (reorder: ReorderDefinition, rows: readonly Row[], rowId: string): Row[] =>
  [...rows].sort((a, b) => numberOf(a[reorder.orderField]) - numberOf(b[reorder.orderField]) || compareIds(a[rowId], b[rowId]));

/** The body of the save: each row's id with its place, step, 2 × step… (first = lowest). */
export function reorderBody(reorder: ReorderDefinition, rows: readonly Row[], rowId: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  setPath(body, reorder.save.listParam, rows.map((row, index) => ({ [reorder.save.idKey]: row[rowId], [reorder.save.orderKey]: (index + 1) * reorder.save.step })));
  return body;
}

export interface JobsProgress {
  state: 'idle' | 'running' | 'done' | 'failed';
  processed: number;
  total: number;
}

/** The jobs of a save's or a run's answers (a job, or an array of them); answers without the id field are no jobs. */
export function jobsOf(follow: FollowJobsDefinition, answers: readonly unknown[]): Row[] {
  return answers.flatMap((answer) => (Array.isArray(answer) ? answer : [answer])).filter((job): job is Row => typeof job === 'object' && job !== null && (job as Row)[follow.idField] !== undefined);
}

/** Whether a job has not ended. */
export const jobRunning = (follow: FollowJobsDefinition, job: Row) => follow.running.includes(String(job[follow.statusField]));

/** Where the followed jobs are: failed when one failed, running while one runs, else done; the items summed. */
export function jobsProgress(follow: FollowJobsDefinition, jobs: readonly Row[]): JobsProgress {
  const processed = jobs.reduce((sum, job) => sum + numberOf(job[follow.processedField]), 0);
  const total = jobs.reduce((sum, job) => sum + numberOf(job[follow.totalField]), 0);
  const state = jobs.length === 0 ? 'idle' : jobs.some((job) => follow.failed.includes(String(job[follow.statusField]))) ? 'failed' : jobs.some((job) => jobRunning(follow, job)) ? 'running' : 'done';
  return { state, processed, total };
}

/** A live event about one job (the app maps its server events to this). */
export interface JobEvent {
  jobId: string | number;
  processed: number;
  ended?: 'done' | 'failed';
}

/** The job as a live event says it is now: its processed count, and its status when the event says it ended. */
export function jobAfterEvent(follow: FollowJobsDefinition, job: Row, event: JobEvent): Row {
  const status = event.ended === 'done' ? 'ended' : event.ended === 'failed' ? follow.failed[0] : String(job[follow.statusField]);
  // An ended job's status is none of running (nor failed, unless it failed).
  const next = { ...job, [follow.processedField]: event.processed };
  if (event.ended) next[follow.statusField] = status;
  else if (!follow.running.includes(status)) next[follow.statusField] = follow.running[follow.running.length - 1];
  return next;
}
