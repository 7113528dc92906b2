/**
 * Checks of a runner that a schema cannot say: the list is the data source's whole answer, its fields are
 * columns, the run's method and parameters exist, the run names the chosen row by the choice's context value
 * and answers a report run (Columns and Rows), the inputs are parameters of it within sound bounds, and no
 * grid-only part stands beside it.
 */
import type { MethodContract } from '../../contract/define';
import type { Checker } from './checker';
import type { ScreenDefinition } from './definition-schema';

const resultProperties = (contract: MethodContract | undefined): Set<string> | undefined => {
  const properties = (contract?.result as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? new Set(Object.keys(properties)) : undefined;
};

export function checkRunner(check: Checker, definition: ScreenDefinition): void {
  const runner = definition.runner;
  if (!runner) return;
  const path = ['runner'];
  if (definition.dataSource.paging.mode !== 'client') check.add(['dataSource', 'paging'], 'a runner lists the whole answer of one call: it needs client paging');
  const columns = new Set(definition.columns.map((column) => column.field));
  for (const key of ['idField', 'titleField', 'descriptionField'] as const) {
    const field = runner.choice[key];
    if (field !== undefined && !columns.has(field)) check.add([...path, 'choice', key], `"${field}" is not a column`);
  }
  if (runner.shortcuts) {
    const shortcuts = check.method([...path, 'shortcuts'], runner.shortcuts.service, runner.shortcuts.method);
    check.bindings([...path, 'shortcuts', 'params'], shortcuts, runner.shortcuts.params);
  }
  const run = check.method([...path, 'run'], runner.run.service, runner.run.method);
  check.bindings([...path, 'run', 'params'], run, runner.run.params);
  if (!Object.values(runner.run.params ?? {}).some((binding) => 'context' in binding && binding.context === runner.choice.context)) {
    check.add([...path, 'run', 'params'], `no parameter is bound to the context value "${runner.choice.context}": the run would not name the chosen row`);
  }
  const answered = resultProperties(run);
  if (run && !(answered?.has('Columns') && answered.has('Rows'))) check.add([...path, 'run'], 'the method does not answer a report run (Columns and Rows)');
  const params = new Set<string>();
  (runner.inputs ?? []).forEach((input, index) => {
    const at = [...path, 'inputs', index];
    check.param([...at, 'param'], run, input.param, 'param');
    if (params.has(input.param)) check.add([...at, 'param'], `"${input.param}" is asked twice`);
    params.add(input.param);
    if (input.min < 0 || input.min > input.max) check.add([...at, 'min'], 'min must be at least 0 and at most max');
  });
  for (const part of ['editing', 'lineEditor', 'listEditor', 'recordPage', 'recordForm', 'recordEditor', 'masterDetail', 'cards', 'addPanel', 'createForm', 'detailPanel', 'actions'] as const) {
    if (definition[part] !== undefined) check.add([part], `a runner draws its list and the chosen row's run: ${part} does not apply`);
  }
}
