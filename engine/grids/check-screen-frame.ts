/**
 * Checks of a screen's frame that a schema cannot say (schema/screen-frame.ts): the methods of the
 * record, the reorder and the followed jobs exist with the parameters they bind; the heading names
 * context values (the hint's too; the host's own are known); the reorder's fields are the rows'; jobs are followed after something that starts them.
 */
import type { Checker } from './checker';
import type { ScreenDefinition } from './definition-schema';
import { HOST_CONTEXT } from './screen-frame';

export function checkScreenFrame(check: Checker, definition: ScreenDefinition): void {
  const record = definition.record;
  if (record) {
    const contract = check.method(['record'], record.service, record.method);
    check.bindings(['record', 'params'], contract, record.params);
  }
  const page = definition.page;
  const known = new Set<string>([...HOST_CONTEXT, ...Object.keys(record?.context ?? {}), ...Object.values(definition.dataSource.params ?? {}).flatMap((binding) => ('context' in binding ? [binding.context] : []))]);
  if (definition.contextPicker) known.add(definition.contextPicker.context);
  for (const [placeholder, name] of Object.entries(page?.heading?.values ?? {})) {
    if (!known.has(name)) check.add(['page', 'heading', 'values', placeholder], `"${name}" is neither a value the record gives, one the data source binds nor one the host gives`);
  }
  for (const [placeholder, name] of Object.entries(page?.hintValues ?? {})) {
    if (!known.has(name)) check.add(['page', 'hintValues', placeholder], `"${name}" is neither a value the record gives, one the data source binds nor one the host gives`);
  }
  const ids = new Set<string>();
  (page?.links ?? []).forEach((link, index) => {
    if (ids.has(link.id)) check.add(['page', 'links', index, 'id'], `link "${link.id}" appears twice`);
    ids.add(link.id);
  });

  const reorder = definition.reorder;
  if (reorder) {
    const contract = check.method(['reorder', 'save'], reorder.save.service, reorder.save.method);
    check.param(['reorder', 'save', 'listParam'], contract, reorder.save.listParam, 'listParam');
    if (reorder.requires) check.actionAccess(['reorder', 'requires'], contract, reorder.requires);
    const fields = new Set([...definition.columns.map((column) => column.field), definition.dataSource.rowId]);
    for (const key of ['orderField', 'labelField', 'detailField'] as const) {
      const field = reorder[key];
      if (field !== undefined && !fields.has(field)) check.add(['reorder', key], `"${field}" is not a column of the rows`);
    }
    if (definition.dataSource.paging.mode !== 'client') check.add(['reorder'], 'the rows are reordered all at once: the data source needs client paging');
  }

  if (definition.rowOpens) {
    const fields = new Set([...definition.columns.map((column) => column.field), definition.dataSource.rowId]);
    for (const [, field] of definition.rowOpens.matchAll(/\{([A-Za-z][A-Za-z0-9_]*)\}/g)) if (!fields.has(field)) check.add(['rowOpens'], `"${field}" is not a column of the rows`);
  }

  const follow = definition.followJobs;
  if (follow) {
    const contract = check.method(['followJobs'], follow.service, follow.method);
    check.param(['followJobs', 'idParam'], contract, follow.idParam, 'idParam');
    if (!definition.editing && !definition.listEditor?.run) check.add(['followJobs'], 'jobs are followed after an editing save or a list editor\'s run: the definition has neither');
  }
}
