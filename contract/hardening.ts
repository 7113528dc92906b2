/**
 * Contract-wide input rules, applied to every method's parameter schema by `method()`:
 * the validator and the OpenAPI document both inherit them, so no handler (and no SQL
 * parameter) ever sees a number the database cannot hold or a string it refuses.
 *
 * - integers without bounds get the range of a PostgreSQL `integer`; ids (`Id`, `AccountId`)
 *   declare their own bound, the largest integer JavaScript holds exactly (< 2^63, bigint);
 * - numbers without bounds stay within ±1e9 (prices and amounts are numeric(14,4));
 * - strings get a length bound and may not hold control characters other than tab and line
 *   breaks, nor lone UTF-16 surrogates (PostgreSQL refuses NUL in text; a lone surrogate is
 *   not text at all);
 * - free-form values (`Type.Unknown()` in a body) become JSON of bounded depth made of such
 *   strings and numbers; object keys follow the string rule.
 */

export const MAX_ID = Number.MAX_SAFE_INTEGER;
export const INT_MIN = -2_147_483_648;
export const INT_MAX = 2_147_483_647;
export const NUMBER_LIMIT = 1_000_000_000;
export const DEFAULT_MAX_STRING = 65_536;
/** Control characters (but tab, LF, CR), DEL, and lone surrogates. */
export const FORBIDDEN_CHARACTERS = '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]|\\p{Cs}';
/** Nesting allowed inside a free-form value. */
export const FREE_FORM_DEPTH = 6;

type Schema = Record<string, unknown>;
/** Marks a free-form value in the published schema. */
export const FREE_FORM_COMMENT = 'free-form JSON value of bounded depth';

const forbidControl = { pattern: FORBIDDEN_CHARACTERS };
const safeKeys = (): Schema => ({ maxLength: 256, not: { ...forbidControl } });

function safeString(): Schema {
  return { type: 'string', maxLength: DEFAULT_MAX_STRING, not: { ...forbidControl } };
}

/** JSON of at most `depth` levels whose leaves follow the rules above. */
export function freeFormValue(depth = FREE_FORM_DEPTH): Schema {
  const leaves: Schema[] = [safeString(), { type: 'number', minimum: -NUMBER_LIMIT, maximum: NUMBER_LIMIT }, { type: 'boolean' }, { type: 'null' }];
  if (depth === 0) return { $comment: FREE_FORM_COMMENT, anyOf: leaves };
  const inner = freeFormValue(depth - 1);
  return {
    $comment: FREE_FORM_COMMENT,
    anyOf: [
      ...leaves,
      { type: 'array', maxItems: 1000, items: inner },
      { type: 'object', maxProperties: 1000, propertyNames: safeKeys(), additionalProperties: inner },
    ],
  };
}

const isFreeForm = (schema: Schema) => Object.keys(schema).filter((key) => key !== 'description').length === 0;

function hardenNode(schema: Schema, seen: Set<Schema>): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  if (isFreeForm(schema)) {
    Object.assign(schema, freeFormValue());
    return;
  }
  const type = schema.type;
  if (type === 'integer') {
    schema.minimum ??= schema.exclusiveMinimum === undefined ? INT_MIN : undefined;
    schema.maximum ??= schema.exclusiveMaximum === undefined ? INT_MAX : undefined;
  } else if (type === 'number') {
    schema.minimum ??= schema.exclusiveMinimum === undefined ? -NUMBER_LIMIT : undefined;
    schema.maximum ??= schema.exclusiveMaximum === undefined ? NUMBER_LIMIT : undefined;
  } else if (type === 'string') {
    schema.maxLength ??= DEFAULT_MAX_STRING;
    // Base64 and enum-like patterns cannot hold control characters anyway.
    if (schema.contentEncoding !== 'base64' && schema.not === undefined && schema.const === undefined) {
      schema.not = { ...forbidControl };
    }
  } else if (type === 'object') {
    const additional = schema.additionalProperties;
    if (schema.patternProperties !== undefined || (additional !== undefined && additional !== false)) {
      schema.propertyNames ??= safeKeys();
      schema.maxProperties ??= 1000;
    }
    if (additional === true) schema.additionalProperties = freeFormValue();
  } else if (type === 'array') {
    schema.maxItems ??= 10_000;
  }
  for (const key of ['properties', 'patternProperties']) {
    const children = schema[key] as Record<string, Schema> | undefined;
    if (children) Object.values(children).forEach((child) => hardenNode(child, seen));
  }
  for (const key of ['items', 'additionalProperties', 'not']) {
    const child = schema[key];
    if (child && typeof child === 'object' && !Array.isArray(child) && key !== 'not') hardenNode(child as Schema, seen);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const options = schema[key] as Schema[] | undefined;
    options?.forEach((option) => hardenNode(option, seen));
  }
}

/** Applies the rules above to a method's parameter schema (in place; idempotent). */
export function hardenParams<T extends object>(params: T): T {
  hardenNode(params as Schema, new Set());
  return params;
}
