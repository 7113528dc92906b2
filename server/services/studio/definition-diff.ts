/**
 * What changed between two versions of a definition: every changed JSON
 * pointer, and for layouts the fields added, removed and changed by name.
 */
import type { DefinitionDiff } from '../../../src/contract/services/studio';

const MAX_CHANGES = 200;
type Change = DefinitionDiff['Changes'][number];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

function walk(before: unknown, after: unknown, path: string, out: Change[]): void {
  if (out.length >= MAX_CHANGES) return;
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let index = 0; index < Math.max(before.length, after.length); index++) {
      if (index >= before.length) out.push({ Path: `${path}/${index}`, Change: 'added' });
      else if (index >= after.length) out.push({ Path: `${path}/${index}`, Change: 'removed' });
      else walk(before[index], after[index], `${path}/${index}`, out);
    }
    return;
  }
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

/** Layout fields by name, wherever they sit. */
function layoutFields(content: unknown): Map<string, Record<string, unknown>> {
  const fields = new Map<string, Record<string, unknown>>();
  const pages = isObject(content) && Array.isArray(content.Pages) ? content.Pages : [];
  for (const page of pages)
    for (const container of isObject(page) && Array.isArray(page.Containers) ? page.Containers : [])
      for (const field of isObject(container) && Array.isArray(container.Fields) ? container.Fields : [])
        if (isObject(field) && typeof field.Name === 'string') fields.set(field.Name, field);
  return fields;
}

export function diffDefinitions(before: unknown, after: unknown, from: number, to: number): DefinitionDiff {
  const changes: Change[] = [];
  walk(before, after, '', changes);
  const old = layoutFields(before);
  const now = layoutFields(after);
  const changed: DefinitionDiff['FieldsChanged'] = [];
  for (const [name, field] of now) {
    const previous = old.get(name);
    if (!previous) continue;
    const properties = [...new Set([...Object.keys(previous), ...Object.keys(field)])].filter(
      (key) => JSON.stringify(previous[key]) !== JSON.stringify(field[key]),
    );
    if (properties.length) changed.push({ Field: name, Properties: properties });
  }
  return {
    From: from,
    To: to,
    FieldsAdded: [...now.keys()].filter((name) => !old.has(name)),
    FieldsRemoved: [...old.keys()].filter((name) => !now.has(name)),
    FieldsChanged: changed,
    Changes: changes,
  };
}
