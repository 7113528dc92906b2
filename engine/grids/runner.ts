/**
 * The runner of a screen definition (schema/runner.ts): which row is chosen, which inputs it offers
 * with which defaults, and the body of its run from what was typed — numbers clamped to the input's
 * bounds, an empty or unreadable input left out so the run takes the row's default.
 */
import { applyBindings, setPath, type ScreenContext } from './bindings';
import { fillRoute } from './cards';
import type { RunnerDefinition, RunnerInputDefinition } from './definition-schema';
import { valueAt } from './record-page';

type Row = Record<string, unknown>;

/** The row the context names (the route's `choice.context`), if it is one of the rows. */
export function chosenRunnerRow(runner: RunnerDefinition, rows: readonly Row[], context: ScreenContext): Row | undefined {
  const id = context[runner.choice.context];
  if (id === undefined || id === '') return undefined;
  return rows.find((row) => String(row[runner.choice.idField]) === String(id));
}

/** The route a row opens. */
export const runnerRowRoute = (runner: RunnerDefinition, row: Row): string => fillRoute(runner.choice.to, row);

/** The inputs the chosen row accepts (it names a default for them), each with that default. */
export function runnerInputsOf(runner: RunnerDefinition, row: Row | undefined): { input: RunnerInputDefinition; fallback: number }[] {
  if (!row) return [];
  return (runner.inputs ?? []).flatMap((input) => {
    const fallback = valueAt(row, input.defaultPath);
    return typeof fallback === 'number' ? [{ input, fallback }] : [];
  });
}

/** A typed number within the input's bounds, or undefined when nothing (or no whole number) is typed. */
export function runnerInputValue(input: RunnerInputDefinition, typed: string | undefined): number | undefined {
  if (typed === undefined || !/^\d+$/.test(typed.trim())) return undefined;
  return Math.min(input.max, Math.max(input.min, Number(typed.trim())));
}

/** The run's body: its bindings from the context, then each offered input that holds a number. */
export function runnerRunBody(runner: RunnerDefinition, row: Row | undefined, context: ScreenContext, typed: Readonly<Record<string, string>>): Row {
  const body = applyBindings({}, runner.run.params, context);
  for (const { input } of runnerInputsOf(runner, row)) {
    const value = runnerInputValue(input, typed[input.param]);
    if (value !== undefined) setPath(body, input.param, value);
  }
  return body;
}
