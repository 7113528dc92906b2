import { use } from 'react';
import { loadPatternEngine, patternEngineReady } from '../../contract/linear-pattern';
import type { FormModel } from '../../engine/forms';

const withPatterns = new WeakMap<FormModel, boolean>();
const hasPatterns = (model: FormModel): boolean => {
  let has = withPatterns.get(model);
  if (has === undefined) {
    has = Object.values(model.fields).some((field) => field.rules.pattern !== undefined && !field.readOnly);
    withPatterns.set(model, has);
  }
  return has;
};

/**
 * A form with a pattern on a field one may edit waits (suspends) until RE2 has loaded, so its fields are checked
 * as the server checks them from the first keystroke; a form without one (a record shown read-only, say the
 * account page's details until Edit) never loads it (contract/linear-pattern.ts).
 */
export function usePatternEngine(model: FormModel): void {
  if (!patternEngineReady() && hasPatterns(model)) use(loadPatternEngine());
}
