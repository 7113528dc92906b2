/**
 * What changed between two versions of a definition: every changed JSON
 * pointer, and for layouts the fields added, removed, moved and changed by
 * name. Lists whose elements have a name (Name, id, field, Id) are compared by
 * it, so a reorder is a few `moved` changes, not every later element changed.
 */
import type { DefinitionDiff } from '../../../contract/services/studio';

const MAX_CHANGES = 200;
type Change = DefinitionDiff['Changes'][number];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const IDENTITY = ['Name', 'id', 'field', 'Id'] as const;

/** Each element's identity (its name, or its JSON for a plain value), or undefined when they are not all distinct. */
function identities(items: readonly unknown[]): string[] | undefined {
  const keys = items.map((item) => {
    if (!isObject(item)) return `=${JSON.stringify(item)}`;
    const by = IDENTITY.find((key) => typeof item[key] === 'string' || typeof item[key] === 'number');
    return by ? `${by}:${String(item[by])}` : undefined;
  });
  return keys.every((key) => key !== undefined) && new Set(keys).size === keys.length ? (keys as string[]) : undefined;
}

/** Indexes (into `sequence`) of a longest increasing subsequence: the elements that kept their order. */
function keptInOrder(sequence: readonly number[]): Set<number> {
  const tails: number[] = [];
  const previous: number[] = new Array<number>(sequence.length).fill(-1);
  for (let index = 0; index < sequence.length; index++) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sequence[tails[middle]] < sequence[index]) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[index] = tails[low - 1];
    tails[low] = index;
  }
  const kept = new Set<number>();
  for (let index = tails.at(-1) ?? -1; index >= 0; index = previous[index]) kept.add(index);
  return kept;
}

function walkList(before: unknown[], after: unknown[], path: string, out: Change[]): void {
  const beforeKeys = identities(before);
  const afterKeys = identities(after);
  if (!beforeKeys || !afterKeys) {
    for (let index = 0; index < Math.max(before.length, after.length); index++) {
      if (index >= before.length) out.push({ Path: `${path}/${index}`, Change: 'added' });
      else if (index >= after.length) out.push({ Path: `${path}/${index}`, Change: 'removed' });
      else walk(before[index], after[index], `${path}/${index}`, out);
    }
    return;
  }
  const oldIndex = new Map(beforeKeys.map((key, index) => [key, index]));
  const common = afterKeys.flatMap((key, index) => (oldIndex.has(key) ? [{ index, from: oldIndex.get(key)! }] : []));
  const kept = keptInOrder(common.map((entry) => entry.from));
  const now = new Set(afterKeys);
  beforeKeys.forEach((key, index) => {
    if (!now.has(key)) out.push({ Path: `${path}/${index}`, Change: 'removed' });
  });
  afterKeys.forEach((key, index) => {
    if (!oldIndex.has(key)) out.push({ Path: `${path}/${index}`, Change: 'added' });
  });
  common.forEach((entry, position) => {
    if (!kept.has(position)) out.push({ Path: `${path}/${entry.index}`, Change: 'moved', From: `${path}/${entry.from}` });
    walk(before[entry.from], after[entry.index], `${path}/${entry.index}`, out);
  });
}

function walk(before: unknown, after: unknown, path: string, out: Change[]): void {
  if (out.length >= MAX_CHANGES) return;
  if (Array.isArray(before) && Array.isArray(after)) return walkList(before, after, path, out);
  if (isObject(before) && isObject(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const at = `${path}/${escape(key)}`;
      if (!(key in before)) out.push({ Path: at, Change: 'added' });
      else if (!(key in after)) out.push({ Path: at, Change: 'removed' });
      else walk(before[key], after[key], at, out);
    }
    return;
  }
  if (JSON.stringify(before) !== JSON.stringify(after)) out.push({ Path: path, Change: 'changed' });
}

/** Layout fields by name, wherever they sit, with the section (page/container names) holding them. */
function layoutFields(content: unknown): Map<string, { field: Record<string, unknown>; section: string }> {
  const fields = new Map<string, { field: Record<string, unknown>; section: string }>();
  const pages = isObject(content) && Array.isArray(content.Pages) ? content.Pages : [];
  for (const page of pages)
    for (const container of isObject(page) && Array.isArray(page.Containers) ? page.Containers : [])
      for (const field of isObject(container) && Array.isArray(container.Fields) ? container.Fields : [])
        if (isObject(field) && typeof field.Name === 'string') fields.set(field.Name, { field, section: `${String(page.Name)}/${String(container.Name)}` });
  return fields;
}

/** The name of the layout field at a pointer of the newer version. */
function fieldNameAt(content: unknown, pointer: string): string | undefined {
  const match = /^\/Pages\/(\d+)\/Containers\/(\d+)\/Fields\/(\d+)$/.exec(pointer);
  if (!match || !isObject(content) || !Array.isArray(content.Pages)) return undefined;
  const field = (content.Pages[Number(match[1])] as { Containers?: { Fields?: { Name?: unknown }[] }[] } | undefined)?.Containers?.[Number(match[2])]?.Fields?.[Number(match[3])];
  return typeof field?.Name === 'string' ? field.Name : undefined;
}

export function diffDefinitions(before: unknown, after: unknown, from: number, to: number): DefinitionDiff {
  const changes: Change[] = [];
  walk(before, after, '', changes);
  const old = layoutFields(before);
  const now = layoutFields(after);
  const changed: DefinitionDiff['FieldsChanged'] = [];
  const moved = new Set(changes.flatMap((change) => (change.Change === 'moved' ? [fieldNameAt(after, change.Path)].filter((name): name is string => !!name) : [])));
  for (const [name, { field, section }] of now) {
    const previous = old.get(name);
    if (!previous) continue;
    if (previous.section !== section) moved.add(name);
    const properties = [...new Set([...Object.keys(previous.field), ...Object.keys(field)])].filter(
      (key) => JSON.stringify(previous.field[key]) !== JSON.stringify(field[key]),
    );
    if (properties.length) changed.push({ Field: name, Properties: properties });
  }
  return {
    From: from,
    To: to,
    FieldsAdded: [...now.keys()].filter((name) => !old.has(name)),
    FieldsRemoved: [...old.keys()].filter((name) => !now.has(name)),
    FieldsChanged: changed,
    FieldsMoved: [...now.keys()].filter((name) => moved.has(name)),
    Changes: changes,
  };
}
