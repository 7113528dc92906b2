import { actionBodies, readActionOutcome, type GridActionModel, type ScreenContext, type Translate } from '../../engine/grids';
import type { GridServiceCaller } from './grid-service';

export interface RunActionInput {
  action: GridActionModel;
  ids: readonly (string | number)[];
  reason: string | undefined;
  context: ScreenContext;
  callService: GridServiceCaller;
  translate: Translate;
}

const MAX_LISTED_FAILURES = 3;

/**
 * Calls the action's method (once with every id, or once per id) and words the
 * outcome: how many rows it changed, and the server's reason for each refusal.
 */
export async function runGridAction({ action, ids, reason, context, callService, translate }: RunActionInput) {
  const results: unknown[] = [];
  for (const body of actionBodies(action, ids, context, reason)) results.push(await callService(action.service, action.method, body));
  const outcome = readActionOutcome(action, ids, results);
  const failures = outcome.failed.slice(0, MAX_LISTED_FAILURES).map((failure) => failure.message);
  if (outcome.failed.length > MAX_LISTED_FAILURES) failures.push(translate('grids.moreFailures', { count: outcome.failed.length - MAX_LISTED_FAILURES }));
  return {
    ...outcome,
    /** The answers, one per call (a row action's shown-once secret is read from them). */
    results,
    message: {
      success: outcome.succeeded.length > 0 ? translate('grids.actionDone', { action: action.label, count: outcome.succeeded.length }) : undefined,
      failure: outcome.failed.length > 0 ? `${translate('grids.actionRefused', { action: action.label, count: outcome.failed.length })} ${failures.join(' ')}` : undefined,
    },
  };
}
