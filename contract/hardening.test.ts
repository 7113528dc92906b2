import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { listMethods } from './catalogue';
import { buildOpenApiDocument } from './openapi';
import { freeFormValue, INT_MAX } from './hardening';

type JsonSchema = Record<string, unknown>;
const plain = (schema: unknown) => JSON.parse(JSON.stringify(schema)) as JsonSchema;

/** Every schema node of a method's parameters, with its path. */
function nodes(schema: JsonSchema, path: string, out: [string, JsonSchema][] = []): [string, JsonSchema][] {
  out.push([path, schema]);
  for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) nodes(child, `${path}.${name}`, out);
  for (const child of Object.values((schema.patternProperties ?? {}) as Record<string, JsonSchema>)) nodes(child, `${path}{}`, out);
  for (const key of ['anyOf', 'oneOf', 'allOf']) for (const child of (schema[key] ?? []) as JsonSchema[]) nodes(child, path, out);
  if (schema.items && typeof schema.items === 'object') nodes(schema.items as JsonSchema, `${path}[]`, out);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') nodes(schema.additionalProperties as JsonSchema, `${path}{}`, out);
  return out;
}

const methods = listMethods();
const allNodes = methods.flatMap(({ service, method, contract }) => nodes(plain(contract.params), `${service}/${method}`));

describe('contract-wide input rules', () => {
  it('bound every integer and number below what PostgreSQL bigint holds', () => {
    const numeric = allNodes.filter(([, schema]) => schema.type === 'integer' || schema.type === 'number');
    expect(numeric.length).toBeGreaterThan(100);
    for (const [path, schema] of numeric) {
      const max = (schema.maximum ?? schema.exclusiveMaximum) as number | undefined;
      const min = (schema.minimum ?? schema.exclusiveMinimum) as number | undefined;
      expect(max, `${path} has no maximum`).toBeDefined();
      expect(min, `${path} has no minimum`).toBeDefined();
      expect(max!, path).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
      expect(min!, path).toBeGreaterThanOrEqual(-Number.MAX_SAFE_INTEGER);
    }
  });

  it('bound every string and refuse control characters in it', () => {
    const strings = allNodes.filter(([, schema]) => schema.type === 'string' && schema.const === undefined);
    expect(strings.length).toBeGreaterThan(100);
    for (const [path, schema] of strings) {
      expect(schema.maxLength, `${path} has no maxLength`).toBeDefined();
      if (schema.contentEncoding !== 'base64' && !schema.enum) expect(schema.not, `${path} accepts control characters`).toBeDefined();
    }
  });

  it('turn each method into a validator that refuses NUL, lone surrogates and 2^63', () => {
    const ajv = new Ajv({ strict: false });
    addFormats(ajv);
    const search = methods.find((entry) => entry.service === 'Account' && entry.method === 'SearchAccount')!;
    const validate = ajv.compile(plain(search.contract.params));
    expect(validate({ text: 'Contoso' })).toBe(true);
    expect(validate({ text: 'a\u0000b' })).toBe(false);
    expect(validate({ text: 'a\ud800b' })).toBe(false);
    expect(validate({ text: 'tab\tand\nline 😀' })).toBe(true);
    const load = methods.find((entry) => entry.service === 'Account' && entry.method === 'LoadAccountById')!;
    const validateLoad = ajv.compile(plain(load.contract.params));
    expect(validateLoad({ accountId: 5 })).toBe(true);
    expect(validateLoad(JSON.parse('{"accountId": 9223372036854775807}'))).toBe(false);
    expect(validateLoad({ accountId: 1e19 })).toBe(false);
  });

  it('keep free-form values shallow and clean', () => {
    const ajv = new Ajv({ strict: false });
    const validate = ajv.compile(freeFormValue(2));
    expect(validate({ a: [1, 'x', null, true] })).toBe(true);
    expect(validate({ a: { b: { c: [1] } } })).toBe(false);
    expect(validate({ 'k\u0000': 1 })).toBe(false);
    expect(validate(INT_MAX * 10)).toBe(false);
  });

  it('publish the rules in the OpenAPI document', () => {
    const text = JSON.stringify(buildOpenApiDocument());
    expect(text).toContain('"maximum":9007199254740991');
    expect(text).toContain('\\\\p{Cs}');
  });
});
