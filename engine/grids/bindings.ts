import type { ParamBinding } from './definition-schema';

/** Values a screen gives its definition: route parameters such as accountId. */
export type ScreenContext = Readonly<Record<string, string | number | undefined>>;

export class BindingError extends Error {}

type JsonObject = Record<string, unknown>;

/** Sets `a.b.c` in a body, creating (or merging into) the objects on the way. */
export function setPath(target: JsonObject, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[part] = {};
    node = node[part] as JsonObject;
  }
  node[parts[parts.length - 1]] = value;
}

function boundValue(binding: ParamBinding, context: ScreenContext): { present: boolean; value?: unknown } {
  if ('value' in binding) return { present: true, value: binding.value };
  const raw = context[binding.context];
  if (raw === undefined || raw === '') {
    if (binding.optional) return { present: false };
    throw new BindingError(`The screen needs "${binding.context}".`);
  }
  if (binding.type === 'string') return { present: true, value: String(raw) };
  const number = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isSafeInteger(number)) throw new BindingError(`"${binding.context}" must be a whole number.`);
  return { present: true, value: number };
}

/** Applies the bindings of a definition to a body (dotted paths merge into what is there). */
export function applyBindings(body: JsonObject, bindings: Readonly<Record<string, ParamBinding>> | undefined, context: ScreenContext): JsonObject {
  for (const [path, binding] of Object.entries(bindings ?? {})) {
    const { present, value } = boundValue(binding, context);
    if (present) setPath(body, path, value);
  }
  return body;
}
