/**
 * Bodies made from a method's JSON Schema: a minimal valid one, and wrong-typed
 * variants, so generated tests cover every method of the catalogue.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
  pattern?: string;
  examples?: unknown[];
}

/** The first non-null branch of an Opt() union, or the schema itself. */
export function concrete(schema: JsonSchema): JsonSchema {
  if (schema.anyOf) return concrete(schema.anyOf.find((branch) => branch.type !== 'null') ?? schema.anyOf[0]);
  return schema;
}

export function sampleValue(input: JsonSchema): unknown {
  const schema = concrete(input);
  if (schema.const !== undefined) return schema.const;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleValue(schema.items ?? {}));
    case 'object':
      return sampleBody(schema);
    case 'string':
      if (schema.format === 'date-time') return '2026-01-31T10:00:00.000Z';
      if (schema.format === 'date') return '2026-01-31';
      if (schema.format === 'email') return 'someone@example.com';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return null;
  }
}

export function sampleBody(schema: JsonSchema): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of schema.required ?? []) body[name] = sampleValue(schema.properties?.[name] ?? {});
  return body;
}

/** A value of the wrong JSON type for the schema (undefined when any type is accepted). */
export function wrongValue(input: JsonSchema): unknown {
  const schema = concrete(input);
  switch (schema.type) {
    case 'string':
      return { not: 'a string' };
    case 'integer':
    case 'number':
      return 'not a number';
    case 'boolean':
      return 'not a boolean';
    case 'array':
      return { not: 'an array' };
    case 'object':
      return 42;
    default:
      return undefined;
  }
}
