/**
 * Checks of a record page that a schema cannot say: its calls and parameters
 * exist, every value it reads starts with a property of the record's answer or
 * a source's name (and follows the answer's declared shape as far as it is
 * declared), sections name sources that exist, the rows' table names columns,
 * money has its currency, and ids are unique.
 */
import type { TSchema } from '@sinclair/typebox';
import type { MethodContract } from '../../contract/define';
import { kindValues, type ValueKindName } from '../../contract/value-kinds';
import type { Checker } from './checker';
import type { RecordActionButtonDefinition, RecordBlockDefinition, RecordConditionDefinition, RecordWhenDefinition, RecordPageDefinition, ScreenDefinition } from './definition-schema';

type Path = (string | number)[];
type SchemaNode = TSchema & { properties?: Record<string, TSchema>; anyOf?: TSchema[]; type?: unknown };

/** Does a result schema allow the path? Only a declared object without the property says no; unions and free-form values are given the benefit of the doubt. */
export function schemaAllowsPath(schema: TSchema | undefined, parts: readonly string[]): boolean {
  let node = schema as SchemaNode | undefined;
  for (const part of parts) {
    if (!node) return true;
    const variants = node.anyOf?.filter((variant) => (variant as SchemaNode).type !== 'null');
    if (variants && variants.length === 1) node = variants[0] as SchemaNode;
    else if (variants) return true;
    if (!node.properties) return true;
    if (!(part in node.properties)) return false;
    node = node.properties[part] as SchemaNode;
  }
  return true;
}

/** The values a record page (or a record's head, schema/panes.ts) reads, checked against the answers of its record and sources. */
export class RecordPaths {
  constructor(
    private readonly check: Checker,
    private readonly record: MethodContract | undefined,
    private readonly sources: ReadonlyMap<string, MethodContract | undefined>,
  ) {}

  value(path: Path, value: string) {
    const [first, ...rest] = value.split('.');
    if (this.sources.has(first)) {
      if (!schemaAllowsPath(this.sources.get(first)?.result, rest)) this.check.add(path, `"${value}" is not in the answer of the source ${first}`);
      return;
    }
    if (this.record && !schemaAllowsPath(this.record.result, [first, ...rest])) {
      this.check.add(path, `"${value}" is not in the record's answer (nor a source's name: ${[...this.sources.keys()].join(', ') || 'none'})`);
    }
  }

  condition(path: Path, condition: RecordConditionDefinition | undefined) {
    if (!condition) return;
    this.value([...path, 'field'], condition.field);
    if (!condition.in && !condition.notIn && condition.present === undefined && condition.includes === undefined && condition.notInContextPath === undefined) {
      this.check.add(path, 'a condition needs in, notIn, present, includes or notInContextPath');
    }
  }

  /** One condition or each of a list. */
  when(path: Path, when: RecordWhenDefinition | undefined) {
    if (Array.isArray(when)) when.forEach((condition, index) => this.condition([...path, index], condition));
    else this.condition(path, when);
  }

  /** Values coloured by a definition must be values of their kind. */
  kindValues(path: Path, kind: ValueKindName, colored: Readonly<Record<string, string>>) {
    const known = new Set(kindValues(kind));
    for (const value of Object.keys(colored)) if (!known.has(value)) this.check.add([...path, value], `"${value}" is not a value of the kind "${kind}" (contract/value-kinds.ts)`);
  }

  money(path: Path, entry: { type: string; currency?: string; currencyField?: string }) {
    if (entry.type === 'money' && !entry.currency && !entry.currencyField) this.check.add(path, 'money needs currency or currencyField');
    if (entry.currencyField) this.value([...path, 'currencyField'], entry.currencyField);
  }

  namedValues(path: Path, values: Readonly<Record<string, string | { field: string }>> | undefined) {
    for (const [name, value] of Object.entries(values ?? {})) this.value([...path, name, ...(typeof value === 'string' ? [] : ['field'])], typeof value === 'string' ? value : value.field);
  }

  /** A button does one thing: a call (its method, parameters and requirement checked), a route, or a reload. */
  button(path: Path, button: RecordActionButtonDefinition) {
    this.when([...path, 'when'], button.when);
    const does = [button.call && 'call', button.go && 'go', button.reload && 'reload'].filter(Boolean);
    if (does.length !== 1) this.check.add(path, `a button needs exactly one of call, go and reload (it has ${does.join(', ') || 'none'})`);
    if (button.call) {
      const at = [...path, 'call'];
      const contract = this.check.method(at, button.call.service, button.call.method);
      this.check.callBindings([...at, 'params'], button.call.service, button.call.method, contract, button.call.params);
      if (button.requires) this.check.actionAccess([...path, 'requires'], contract, button.requires);
      for (const [name, value] of Object.entries(button.call.doneValues ?? {})) {
        const field = typeof value === 'string' ? value : value.field;
        if (contract && !schemaAllowsPath(contract.result, field.split('.'))) this.check.add([...at, 'doneValues', name], `"${field}" is not in the answer of ${button.call.service}/${button.call.method}`);
      }
      if (button.call.doneValues && !button.call.done) this.check.add([...at, 'doneValues'], 'values for a notice: add done');
    }
    if (button.go && !button.go.redirect && !button.go.to) this.check.add([...path, 'go'], 'go needs redirect (a context value) or to (a route)');
  }

  block(path: Path, block: RecordBlockDefinition) {
    this.condition([...path, 'when'], block.when);
    switch (block.kind) {
      case 'note':
        this.namedValues([...path, 'values'], block.values);
        return;
      case 'state':
        this.value([...path, 'field'], block.field);
        this.kindValues([...path, 'severities'], block.valueKind, block.severities);
        this.namedValues([...path, 'values'], block.values);
        return;
      case 'actions':
        block.buttons.forEach((button, index) => this.button([...path, 'buttons', index], button));
        return;
      case 'items':
        // The entry's fields are read in each entry of the list: only the list is a value of the page.
        this.value([...path, 'field'], block.field);
        if (block.chip?.valueKind) this.kindValues([...path, 'chip', 'colors'], block.chip.valueKind, block.chip.colors);
        return;
      case 'facts':
        block.fields.forEach((fact, index) => {
          this.value([...path, 'fields', index, 'field'], fact.field);
          this.money([...path, 'fields', index], fact);
          this.condition([...path, 'fields', index, 'when'], fact.when);
        });
        return;
      case 'figure':
        this.value([...path, 'field'], block.field);
        this.money(path, block);
        return;
      case 'fileRoundTrip':
        // Its calls are checked with the file parts (check-screen-head.ts).
        return;
      default:
        this.value([...path, 'field'], block.field);
    }
  }
}

function unique(check: Checker, path: Path, ids: readonly (string | undefined)[], what: string) {
  const seen = new Set<string>();
  ids.forEach((id, index) => {
    if (id === undefined) return;
    if (seen.has(id)) check.add([...path, index], `${what} "${id}" appears twice`);
    seen.add(id);
  });
}

function checkRows(check: Checker, definition: ScreenDefinition, rows: NonNullable<RecordPageDefinition['rows']>) {
  const path = ['recordPage', 'rows'];
  const columns = new Set([...definition.columns.map((column) => column.field), definition.dataSource.rowId]);
  if (definition.dataSource.paging.mode !== 'client') check.add(path, 'the rows of a record page are one table: the data source needs client paging');
  if (rows.link && !columns.has(rows.link.column)) check.add([...path, 'link', 'column'], `"${rows.link.column}" is not a column`);
  if (rows.selectedWhen && !columns.has(rows.selectedWhen.field)) check.add([...path, 'selectedWhen', 'field'], `"${rows.selectedWhen.field}" is not a column`);
  for (const field of Object.keys(rows.blank ?? {})) if (!columns.has(field)) check.add([...path, 'blank', field], `"${field}" is not a column`);
  if (rows.requires) check.actionAccess([...path, 'requires'], check.method(['dataSource'], definition.dataSource.service, definition.dataSource.method), rows.requires);
}

export function checkRecordPage(check: Checker, definition: ScreenDefinition): void {
  const page = definition.recordPage;
  if (!page) return;
  const path = ['recordPage'];
  const record = check.method([...path, 'load'], page.load.service, page.load.method);
  check.callBindings([...path, 'load', 'params'], page.load.service, page.load.method, record, page.load.params);
  const sources = new Map<string, MethodContract | undefined>();
  (page.sources ?? []).forEach((source, index) => {
    const at = [...path, 'sources', index];
    if (sources.has(source.as)) check.add([...at, 'as'], `source "${source.as}" appears twice`);
    const contract = check.method(at, source.service, source.method);
    check.callBindings([...at, 'params'], source.service, source.method, contract, source.params);
    if (source.requires) check.actionAccess([...at, 'requires'], contract, source.requires);
    sources.set(source.as, contract);
  });
  const paths = new RecordPaths(check, record, sources);
  for (const name of Object.keys(page.load.failed ?? {})) paths.value([...path, 'load', 'failed', name], name);

  const header: Partial<NonNullable<RecordPageDefinition['header']>> = page.header ?? {};
  // Something must say what the page is: its header, its page's heading, or (a part of another screen) its first section's title.
  if (!page.header && !definition.page && !page.sections[0]?.title) check.add([...path, 'header'], 'a record page without a header needs a page (its heading is the title) or a title on its first section');
  if (header.titleField) paths.value([...path, 'header', 'titleField'], header.titleField);
  if (header.imageField) paths.value([...path, 'header', 'imageField'], header.imageField);
  if (header.flag) paths.value([...path, 'header', 'flag', 'field'], header.flag.field);
  (header.subtitle ?? []).forEach((part, index) => paths.value([...path, 'header', 'subtitle', index, 'field'], part.field));
  (header.links ?? []).forEach((link, index) => paths.condition([...path, 'header', 'links', index, 'when'], link.when));
  unique(check, [...path, 'header', 'links'], (header.links ?? []).map((link) => link.id), 'link');

  page.sections.forEach((section, index) => {
    const at = [...path, 'sections', index];
    if (section.source && !sources.has(section.source)) check.add([...at, 'source'], `"${section.source}" is not the name of a source`);
    for (const [name, value] of Object.entries(section.titleValues ?? {})) paths.value([...at, 'titleValues', name], value);
    paths.condition([...at, 'when'], section.when);
    section.blocks.forEach((block, blockIndex) => paths.block([...at, 'blocks', blockIndex], block));
  });
  unique(check, [...path, 'sections'], page.sections.map((section) => section.id), 'section');
  // Block ids are test ids of one page: unique across its sections.
  const blockIds = new Set<string>();
  page.sections.forEach((section, index) =>
    section.blocks.forEach((block, blockIndex) => {
      const add = (id: string | undefined, at: Path) => {
        if (id === undefined) return;
        if (blockIds.has(id) || page.sections.some((other) => other.id === id)) check.add(at, `id "${id}" appears twice on the page`);
        blockIds.add(id);
      };
      const at = [...path, 'sections', index, 'blocks', blockIndex];
      add(block.id, [...at, 'id']);
      // A fact's id is a test id of the same page.
      if (block.kind === 'facts') block.fields.forEach((fact, factIndex) => add(fact.id, [...at, 'fields', factIndex, 'id']));
      if (block.kind === 'actions') block.buttons.forEach((button, buttonIndex) => add(button.id, [...at, 'buttons', buttonIndex, 'id']));
    }),
  );
  if (page.rows) checkRows(check, definition, page.rows);
  for (const part of ['editing', 'lineEditor', 'listEditor', 'masterDetail', 'cards', 'addPanel', 'contextPicker'] as const) {
    if (definition[part] !== undefined) check.add([part], `a record page draws its rows as a plain table: ${part} does not apply`);
  }
}
