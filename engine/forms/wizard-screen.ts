/**
 * A wizard drawn as a screen of its own (issue 33: `/wizard/…` and routes whose
 * drawnBy names a wizard): the account it is about comes from the route's context
 * (the picker sets it), the subject's source tells about that account (its heading,
 * notes, a stop note instead of the steps), and the message after the final call
 * is the layout's Success line. The pure part; renderers/forms/wizard/DefinedWizard draws it.
 */
import type { WizardColumn, WizardLine, WizardNote, WizardOutcome, WizardScreen, WizardSubject, WizardTable } from '../../contract/services/wizard-schemas';
import type { Formatting } from '../../contract/formatting';
import { callParams, columnLink, columnText, emptyScope, fillText, lineText, readPath, readValue, type Row, type WizardScope } from './wizard-answers';
import { formatNumber } from '../../contract/formatting';

/** The account a subject's answer is about (drawn as the heading). */
export interface SubjectAccount {
  AccountId: number;
  DisplayName: string;
  AccountType: string;
}

/** The chosen account id of the route's context (a query value is text): a positive whole number, else undefined. */
export function subjectId(subject: WizardSubject, context: Readonly<Record<string, unknown>>): number | undefined {
  const value = context[subject.Context];
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : undefined;
}

/** The wizard's context: the route's values, the chosen account as a number (the services take ids as numbers). */
export function subjectContext(subject: WizardSubject | undefined, context: Readonly<Record<string, unknown>>): Record<string, unknown> {
  if (!subject) return { ...context };
  const id = subjectId(subject, context);
  const { [subject.Context]: _given, ...rest } = context;
  return id === undefined ? rest : { ...rest, [subject.Context]: id };
}

/** The subject source's body from the context (Context and fixed values only: it is loaded before any step). */
export const subjectParams = (subject: WizardSubject, context: Readonly<Record<string, unknown>>): Record<string, unknown> =>
  callParams(subject.Source.Params, emptyScope(context));

/** The account at the subject's Account path of its answer (the whole answer without one), its name at Name, when the answer holds one. */
export function subjectAccount(subject: WizardSubject, answer: unknown): SubjectAccount | undefined {
  const found = readPath(answer, subject.Source.Account) as Partial<SubjectAccount> | undefined;
  const name = readPath(found, subject.Source.Name ?? 'DisplayName');
  if (!found || typeof found !== 'object' || typeof found.AccountId !== 'number' || typeof name !== 'string') return undefined;
  return { AccountId: found.AccountId, DisplayName: name, AccountType: typeof found.AccountType === 'string' ? found.AccountType : '' };
}

/** What the lines about the subject read: the context and the subject's answer under its Into. */
export const subjectScope = (subject: WizardSubject, context: Readonly<Record<string, unknown>>, answer: unknown): WizardScope => ({
  ...emptyScope(context),
  answers: { [subject.Source.Into]: answer },
});

const holding = <T extends WizardLine>(lines: readonly T[] | undefined, scope: WizardScope, formatting: Formatting): { line: T; text: string }[] =>
  (lines ?? []).flatMap((line) => {
    const text = lineText(line, scope, formatting);
    return text === undefined ? [] : [{ line, text }];
  });

/** A note that holds, with its sentence. */
export type ShownNote = { line: WizardNote; text: string };

/** The first Stop note whose When holds: shown instead of the steps. */
export const stopNote = (subject: WizardSubject, scope: WizardScope, formatting: Formatting): ShownNote | undefined => holding(subject.Stop, scope, formatting)[0];

/** The Notes whose When holds, shown above the steps. */
export const subjectNotes = (subject: WizardSubject, scope: WizardScope, formatting: Formatting): ShownNote[] => holding(subject.Notes, scope, formatting);

/** The Lines whose When holds, under the heading. */
export const subjectLines = (subject: WizardSubject, scope: WizardScope, formatting: Formatting): string[] => holding(subject.Lines, scope, formatting).map(({ text }) => text);

/** The Tags whose When holds, beside the heading. */
export const subjectTags = (subject: WizardSubject, scope: WizardScope, formatting: Formatting): string[] => holding(subject.Tags, scope, formatting).map(({ text }) => text);

/** A table's cell: its text and the route it opens, if any. */
export interface TableCell {
  text: string;
  to?: string;
}

/** A table's cells: the first Limit rows (objects only), each column written as it asks (a link where it has one), and the More line for the rest. */
export function tableCells(table: WizardTable, scope: WizardScope, formatting: Formatting): { rows: TableCell[][]; more: string | undefined } {
  const found = readValue(table.Rows, scope);
  const rows = (Array.isArray(found) ? found : []).filter((row): row is Row => row !== null && typeof row === 'object');
  const shown = table.Limit === undefined ? rows : rows.slice(0, table.Limit);
  const left = rows.length - shown.length;
  const cell = (column: WizardColumn, row: Row): TableCell => {
    const to = columnLink(column, row);
    return { text: columnText(column, row, formatting, scope), ...(to ? { to } : {}) };
  };
  return {
    rows: shown.map((row) => table.Columns.map((column) => cell(column, row))),
    more: left > 0 && table.More ? fillText(table.More, { count: formatNumber(left, formatting) }) : undefined,
  };
}

/** What is read after the final call: the wizard's scope with the final answer kept under the action's Into. */
export const finalScope = (scope: WizardScope, into: string | undefined, answer: unknown): WizardScope => (into ? { ...scope, answers: { ...scope.answers, [into]: answer } } : scope);

/** The message after the final call: the first Success line that holds, the final answer kept under the action's Into; undefined without one. */
export function successText(screen: WizardScreen | undefined, into: string | undefined, answer: unknown, scope: WizardScope, formatting: Formatting): string | undefined {
  return holding(screen?.Success, finalScope(scope, into, answer), formatting)[0]?.text;
}

/** The outcome panel's success note (a scope made by finalScope): the first of its Lines that holds. */
export const outcomeText = (outcome: WizardOutcome, scope: WizardScope, formatting: Formatting): string | undefined => holding(outcome.Lines, scope, formatting)[0]?.text;
