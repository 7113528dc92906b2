import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { listMethods } from '../../contract';
import { bodyLimitFor, guardedBody, MAX_BODY_BYTES, MAX_BODY_DEPTH, MAX_FILE_BODY_BYTES, tooDeep } from './body-guard';

type Schema = Record<string, unknown>;

/** Deepest nesting of objects and arrays a body valid for the schema can have. */
function schemaDepth(schema: Schema): number {
  let depth = 0;
  for (const key of ['anyOf', 'oneOf', 'allOf']) for (const option of (schema[key] as Schema[] | undefined) ?? []) depth = Math.max(depth, schemaDepth(option));
  const children: Schema[] = [];
  for (const key of ['properties', 'patternProperties']) if (schema[key]) children.push(...(Object.values(schema[key] as Record<string, Schema>)));
  for (const key of ['additionalProperties', 'items']) if (schema[key] && typeof schema[key] === 'object') children.push(schema[key] as Schema);
  if (schema.type === 'object' || schema.type === 'array' || children.length > 0) depth = Math.max(depth, 1 + Math.max(0, ...children.map(schemaDepth)));
  return depth;
}

async function read(body: string, limit = MAX_BODY_BYTES): Promise<{ text?: string; status?: number }> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of guardedBody(Readable.from([Buffer.from(body)]), limit)) chunks.push(chunk as Buffer);
    return { text: Buffer.concat(chunks).toString() };
  } catch (error) {
    return { status: (error as { statusCode?: number }).statusCode };
  }
}

describe('body guard', () => {
  it('lets the deepest body of every method through: no schema goes deeper than the limit', () => {
    const deepest = listMethods().map(({ service, method, contract }) => ({ name: `${service}/${method}`, depth: schemaDepth(contract.params as Schema) }));
    expect(deepest.filter(({ depth }) => depth > MAX_BODY_DEPTH)).toEqual([]);
    expect(Math.max(...deepest.map(({ depth }) => depth))).toBeGreaterThan(5);
  });

  it('gives the file limit only to methods that take files', () => {
    const limits = new Map(listMethods().map(({ service, method, contract }) => [`${service}/${method}`, bodyLimitFor(contract)]));
    expect(limits.get('Import/StartImport')).toBe(MAX_FILE_BODY_BYTES);
    expect(limits.get('Account/SearchAccount')).toBe(MAX_BODY_BYTES);
  });

  it('counts depth outside strings only, escaped quotes included', async () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect((await read(deep(MAX_BODY_DEPTH))).text).toBe(deep(MAX_BODY_DEPTH));
    expect((await read(deep(MAX_BODY_DEPTH + 1))).status).toBe(400);
    const inString = JSON.stringify({ text: `\\"${'['.repeat(100)}` });
    expect((await read(inString)).text).toBe(inString);
  });

  it('refuses a body over its limit with 413', async () => {
    expect((await read('"' + 'a'.repeat(100) + '"', 50)).status).toBe(413);
  });

  it('tells a body too deep on its text exactly as the stream guard does (small bodies are checked so)', async () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    const samples = [
      deep(MAX_BODY_DEPTH),
      deep(MAX_BODY_DEPTH + 1),
      '['.repeat(MAX_BODY_DEPTH + 1),
      '['.repeat(MAX_BODY_DEPTH),
      `{"a":${deep(MAX_BODY_DEPTH - 1)}}`,
      `{"a":${deep(MAX_BODY_DEPTH)}}`,
      JSON.stringify({ text: `\\"${'['.repeat(100)}` }),
      JSON.stringify({ text: '{'.repeat(100), list: [[1], [2]] }),
      `"\\"${'['.repeat(40)}`,
      '{"text":"Contoso"}',
    ];
    for (const sample of samples) expect([sample, tooDeep(sample)]).toEqual([sample, (await read(sample)).status === 400]);
  });
});
