/**
 * Checks of link lists that a schema cannot say: each list's method and parameters exist (its paging
 * parameters too), its `requires` names a capability the method accepts, a link names a route or a shell
 * link (not both), a detail part is a value or a text, ids are not repeated, and no part of another kind
 * of screen stands beside the lists.
 */
import type { Checker, Path } from './checker';
import type { LinkTargetDefinition, ScreenDefinition } from './definition-schema';

function checkLink(check: Checker, path: Path, link: LinkTargetDefinition) {
  if ((link.to === undefined) === (link.shellLink === undefined)) check.add(path, 'a link names either a route (`to`) or a shell link (`shellLink`)');
  if (link.to !== undefined && (link.params || link.fallback)) check.add(path, '`params` and `fallback` belong to a shell link');
}

export function checkLinkLists(check: Checker, definition: ScreenDefinition): void {
  const lists = definition.linkLists;
  if (!lists) return;
  const ids = new Set<string>();
  lists.lists.forEach((list, index) => {
    const path: Path = ['linkLists', 'lists', index];
    if (ids.has(list.id)) check.add([...path, 'id'], `"${list.id}" is used twice`);
    ids.add(list.id);
    const contract = check.method([...path, 'source'], list.source.service, list.source.method);
    check.bindings([...path, 'source', 'params'], contract, list.source.params);
    const paging = list.source.paging;
    if (paging.mode === 'hasMore') {
      check.param([...path, 'source', 'paging', 'startParam'], contract, paging.startParam, 'startParam');
      check.param([...path, 'source', 'paging', 'sizeParam'], contract, paging.sizeParam, 'sizeParam');
    }
    if (list.requires) check.actionAccess([...path, 'requires'], contract, { anyOf: list.requires });
    checkLink(check, [...path, 'item', 'link'], list.item.link);
    if (list.more) checkLink(check, [...path, 'more', 'link'], list.more.link);
    if (list.item.icon && list.item.symbol) check.add([...path, 'item'], 'an entry has an `icon` by value or one `symbol`, not both');
    (list.item.details ?? []).forEach((part, at) => {
      const partPath = [...path, 'item', 'details', at];
      if ((part.field === undefined) === (part.text === undefined)) check.add(partPath, 'a detail is a value (`field`) or a text (`text`)');
      if (part.text !== undefined && (part.valueKind || part.prefix)) check.add(partPath, '`valueKind` and `prefix` belong to a value');
    });
  });
  for (const part of ['editing', 'lineEditor', 'listEditor', 'recordPage', 'recordForm', 'recordEditor', 'runner', 'masterDetail', 'cards', 'addPanel', 'createForm', 'detailPanel', 'actions', 'rowForm'] as const) {
    if (definition[part] !== undefined) check.add([part], `link lists draw their lists alone: ${part} does not apply`);
  }
}
