/**
 * Checks of the toolbar context picker and the add panel that a schema cannot
 * say: their methods and parameters exist, the picked context value is bound
 * by the data source, and the add panel's requirement is one its method accepts.
 */
import type { OptionsSourceDefinition, ParamBinding, ScreenDefinition } from './definition-schema';
import type { Checker } from './checker';

type Path = (string | number)[];

export function checkOptionsSource(check: Pick<Checker, 'method' | 'bindings' | 'param'>, path: Path, source: OptionsSourceDefinition) {
  const contract = check.method(path, source.service, source.method);
  check.bindings([...path, 'params'], contract, source.params);
  if (source.searchParam) check.param([...path, 'searchParam'], contract, source.searchParam, 'searchParam');
}

const bindsContext = (bindings: Record<string, ParamBinding> | undefined, name: string) =>
  Object.values(bindings ?? {}).some((binding) => 'context' in binding && binding.context === name);

export function checkPickers(check: Checker, definition: ScreenDefinition): void {
  const paging = definition.dataSource.paging.mode;
  const picker = definition.contextPicker;
  if (picker) {
    checkOptionsSource(check, ['contextPicker', 'options'], picker.options);
    if (!bindsContext(definition.dataSource.params, picker.context)) {
      check.add(['contextPicker', 'context'], `the data source binds no parameter to the context "${picker.context}": the choice would change nothing`);
    }
    if (paging === 'tree') check.add(['contextPicker'], 'a tree chooses its root from the route, not from a picker');
  }
  const panel = definition.addPanel;
  if (panel) {
    const path = ['addPanel'];
    const contract = check.method(path, panel.service, panel.method);
    check.param([...path, 'valuesParam'], contract, panel.valuesParam, 'valuesParam');
    check.bindings([...path, 'params'], contract, panel.params);
    check.actionAccess([...path, 'requires'], contract, panel.requires);
    checkOptionsSource(check, [...path, 'picker', 'options'], panel.picker.options);
    if (paging !== 'server' && paging !== 'client') check.add(path, 'an add panel is drawn above the rows of a grid');
  }
}
