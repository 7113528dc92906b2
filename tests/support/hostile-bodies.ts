/**
 * Hostile request bodies for every method of the catalogue, made from the method's own schema
 * (tests/support/schema-samples.ts) through fast-check: numbers of 2^63 and beyond, NUL and other
 * control characters, lone surrogates, huge strings, wrong types, random ids, deep nesting,
 * `__proto__`, and JSON texts no schema-made object can express. The fuzz test
 * (tests/api/hardening-fuzz.test.ts) judges the answers; the timings bench (bench/test-timings.ts)
 * times them. A fixed seed gives the same bodies to both.
 */
import fc from 'fast-check';
import { isReadOnlyMethod } from '../../contract/read-only-methods';
import { concrete, sampleBody, type JsonSchema } from './schema-samples';

const hostileNumbers = [2 ** 63, 2 ** 64, 1e19, 1e29, -1e19, 1e308, -(2 ** 63), 2 ** 31, 0.5, -1, 0];
const hostileStrings = ['x\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\u0007bell', "' OR 1=1 --", '\u202e', '../../etc/passwd', 'é'.repeat(70_000), ''];
const hostileOthers: unknown[] = [null, true, {}, [], { __proto__: { polluted: true } }, [[[[[[[[[[[[1]]]]]]]]]]]], { constructor: { prototype: { polluted: true } } }];

/** Paths into a body where a value can be put: top-level parameters and the fields of their objects. */
function paths(schema: JsonSchema, prefix: string[] = [], depth = 0): string[][] {
  const out: string[][] = [];
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    const path = [...prefix, name];
    out.push(path);
    const inner = concrete(child);
    if (depth < 2 && inner.type === 'object') out.push(...paths(inner, path, depth + 1));
    if (depth < 2 && inner.type === 'array' && inner.items && concrete(inner.items).type === 'object') out.push(...paths(concrete(inner.items), [...path, '0'], depth + 1));
  }
  return out;
}

function withValue(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const [index, key] of path.entries()) {
    if (index === path.length - 1) {
      node[key] = value;
    } else {
      const next = node[key];
      node[key] = next && typeof next === 'object' ? next : /^\d+$/.test(path[index + 1]) ? [] : {};
      node = node[key] as Record<string, unknown>;
    }
  }
  return copy;
}

const hostileValue = fc.oneof(
  fc.constantFrom(...hostileNumbers),
  fc.constantFrom(...hostileStrings),
  fc.constantFrom(...hostileOthers),
  fc.integer({ min: 1, max: 20_000 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** JSON texts no schema-made object can express. */
const rawBodies = (minimal: string) => [
  '['.repeat(20_000) + ']'.repeat(20_000),
  `{"a":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
  '{"__proto__":{"isAdmin":true}}',
  minimal.replace(/^\{/, '{"__proto__":{"polluted":1},'),
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"x":1e999999}',
  minimal.replace(/^\{/, '{"id":9223372036854775807,'),
  '"\\u0000"',
  '{',
];

/**
 * The bodies sent to one method: the raw hostile texts, the plain valid body where the method only
 * reads (its answer is checked against the declared result schema), and `runs` bodies with one
 * hostile value put somewhere in the minimal valid body.
 */
export function hostileBodies(params: unknown, method: string, seed: number, runs: number): string[] {
  const schema = JSON.parse(JSON.stringify(params)) as JsonSchema;
  const minimal = sampleBody(schema);
  const targets = paths(schema);
  const bodies: string[] = rawBodies(JSON.stringify(minimal));
  if (isReadOnlyMethod(method)) bodies.push(JSON.stringify(minimal));
  if (targets.length > 0) {
    const pairs = fc.sample(fc.tuple(fc.constantFrom(...targets), hostileValue), { seed, numRuns: runs });
    for (const [path, value] of pairs) bodies.push(JSON.stringify(withValue(minimal, path, value)));
  }
  return bodies;
}
