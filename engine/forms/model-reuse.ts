/**
 * A new model of the same form (the studio's edited layout, a refetched
 * account) sharing every part that did not change with the previous one, so
 * the store and the renderers can tell what changed by identity: a label edit
 * of one field of a thousand yields one new field model, one new container.
 */
import { LinearPattern } from '../../contract/linear-pattern';
import type { FormContainerModel, FormModel, FormPageModel } from './form-model';

/** Deep equality of model parts: plain data, plus the compiled pattern of a pattern rule. */
export function sameModelValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof LinearPattern || b instanceof LinearPattern) return a instanceof LinearPattern && b instanceof LinearPattern && a.source === b.source;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return keysA.length === keysB.length && keysA.every((key) => sameModelValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

const sameNames = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((name, index) => name === b[index]);

function reuseContainer(previous: FormContainerModel | undefined, next: FormContainerModel): FormContainerModel {
  return previous && previous.name === next.name && previous.title === next.title && sameNames(previous.fields, next.fields) ? previous : next;
}

function reusePage(previous: FormPageModel | undefined, next: FormPageModel): FormPageModel {
  const containers = next.containers.map((container, index) => reuseContainer(previous?.containers[index], container));
  const same =
    previous !== undefined &&
    previous.id === next.id &&
    previous.name === next.name &&
    previous.title === next.title &&
    sameNames(previous.fields, next.fields) &&
    containers.length === previous.containers.length &&
    containers.every((container, index) => container === previous.containers[index]);
  return same ? previous : { ...next, containers };
}

/** `next`, with the previous model's field, container and page objects wherever they are equal. */
export function reuseUnchanged(previous: FormModel, next: FormModel): FormModel {
  const fields = Object.fromEntries(
    next.fieldOrder.map((name) => {
      const before = previous.fields[name];
      return [name, before && sameModelValue(before, next.fields[name]) ? before : next.fields[name]];
    }),
  );
  const pages = next.pages.map((page, index) => reusePage(previous.pages[index], page));
  return { ...next, fields, pages };
}
