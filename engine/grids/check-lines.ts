/**
 * Checks of a definition's lineEditor a schema cannot say: the lookup and
 * suggestion methods take the parameters bound, every field named is a column
 * (or, for the lookup's fill, a column the option fills), the new line and the
 * entry name columns, conditions name columns other than their own, and the
 * lines are edited with rules, not with the grid's editing block.
 */
import type { Checker } from './checker';
import type { LineCaptionPart, ScreenDefinition } from './definition-schema';

type Path = (string | number)[];

export function checkLines(check: Checker, definition: ScreenDefinition): void {
  const lines = definition.lineEditor;
  if (!lines) return;
  const columns = new Map(definition.columns.map((column) => [column.field, column]));
  const isColumn = (path: Path, field: string) => {
    if (!columns.has(field)) check.add(path, `"${field}" is not a column (add it, hidden if need be)`);
  };

  if (definition.editing) check.add(['editing'], 'lines are saved by their screen with lineEditor.entry: a grid editing block does not apply');
  if (definition.masterDetail) check.add(['masterDetail'], 'the lines are the detail rows: no master–detail beside them');
  if (!definition.columns.some((column) => column.editable)) check.add(['columns'], 'no column of the lines is editable');

  const { lookup } = lines;
  isColumn(['lineEditor', 'lookup', 'field'], lookup.field);
  if (columns.get(lookup.field)?.editable) check.add(['lineEditor', 'lookup', 'field'], 'the lookup column is chosen from its options: it takes no editable rule');
  const lookupMethod = check.method(['lineEditor', 'lookup'], lookup.service, lookup.method);
  check.bindings(['lineEditor', 'lookup', 'params'], lookupMethod, lookup.params);
  for (const field of Object.keys(lookup.fill ?? {})) {
    isColumn(['lineEditor', 'lookup', 'fill', field], field);
    if (field === lookup.field) check.add(['lineEditor', 'lookup', 'fill', field], 'the lookup column takes valueField, not a fill');
  }

  for (const field of Object.keys(lines.newLine)) {
    isColumn(['lineEditor', 'newLine', field], field);
    if (columns.get(field)?.compute) check.add(['lineEditor', 'newLine', field], 'a computed column takes no value');
  }
  for (const field of Object.keys(lines.contextFields ?? {})) isColumn(['lineEditor', 'contextFields', field], field);
  for (const [field, condition] of Object.entries(lines.shownWhen ?? {})) {
    isColumn(['lineEditor', 'shownWhen', field], field);
    isColumn(['lineEditor', 'shownWhen', field, 'field'], condition.field);
    if (condition.field === field) check.add(['lineEditor', 'shownWhen', field, 'field'], 'a cell cannot be shown by its own value');
  }
  if (lines.groupBy) {
    isColumn(['lineEditor', 'groupBy', 'field'], lines.groupBy.field);
    if (lines.groupBy.valueKind && lines.groupBy.labelPrefix) check.add(['lineEditor', 'groupBy'], 'a valueKind gives the texts: drop labelPrefix');
  }

  const captions = (path: Path, parts: readonly LineCaptionPart[] | undefined, known: (field: string) => boolean) =>
    (parts ?? []).forEach((part, index) => {
      for (const field of [part.field, part.currencyField, ...Object.values(part.values ?? {})]) {
        if (field !== undefined && !known(field)) check.add([...path, index], `"${field}" is not a column`);
      }
      if (part.type === 'money' && !part.currencyField) check.add([...path, index], 'a money caption needs currencyField');
      if (part.valueKind && part.labelPrefix) check.add([...path, index], 'a valueKind gives the texts: drop labelPrefix');
    });
  captions(['lineEditor', 'caption'], lines.caption, (field) => columns.has(field));
  // An option's fields are the method's, which the catalogue does not describe field by field.
  captions(['lineEditor', 'lookup', 'caption'], lookup.caption, () => true);

  if (lines.suggestions) {
    const suggestions = lines.suggestions;
    const contract = check.method(['lineEditor', 'suggestions'], suggestions.service, suggestions.method);
    check.bindings(['lineEditor', 'suggestions', 'params'], contract, suggestions.params);
    check.param(['lineEditor', 'suggestions', 'linesParam'], contract, suggestions.linesParam, 'linesParam');
    captions(['lineEditor', 'suggestions', 'caption'], suggestions.caption, () => true);
  }

  for (const [name, value] of Object.entries(lines.entry)) {
    if (typeof value === 'string' && value.startsWith('$')) isColumn(['lineEditor', 'entry', name], value.slice(1));
  }
}
