/**
 * Every method of the catalogue fuzzed with hostile bodies, as an anonymous caller, a basic
 * user and the root administrator: numbers of 2^63 and beyond, NUL and other control
 * characters, lone surrogates, huge strings, wrong types, random ids, deep nesting,
 * `__proto__`. Any 5xx, any stack trace or SQL text in an answer, or any answer slower than
 * 2 s fails; so does any status the served OpenAPI document does not declare for the method, a
 * 200 whose body does not match the declared response schema, and an error that is not a
 * <Fault> XML body. Bodies come from each method's own schema through fast-check (fixed seed,
 * so a failure is reproducible; FUZZ_SEED and FUZZ_RUNS change them).
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isReadOnlyMethod } from '../../server/auth/caller-cache';
import { listMethods } from '../../src/contract';
import type { ApiClient, CallResult } from '../support/api-client';
import { concrete, sampleBody, type JsonSchema } from '../support/schema-samples';
import { startTestServer, type TestServer } from '../support/test-server';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SLOW_MS = 2_000;
/** Calls that end or switch the caller's session: fuzzed anonymously only. */
const SESSION_SWITCHING = new Set(['Authorization/Logout', 'Authorization/Impersonate', 'Authorization/Unimpersonate']);
const FAULT_BODY = /^<Fault><Message>[^<]*<\/Message><\/Fault>$/;
const LEAK = /\bat [\w.<>]+ \(|\.[cm]?[jt]s:\d+:\d+|node_modules|\bSELECT\b|\bINSERT INTO\b|\bUPDATE \w+ SET\b|syntax error|out of range for type|violates .* constraint|relation "|column "|invalid byte sequence/i;

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

interface Finding {
  method: string;
  caller: string;
  body: string;
  status: number;
  ms: number;
  text: string;
}

/** What the served OpenAPI document says of one operation. */
interface Declared {
  statuses: Set<number>;
  result: () => ValidateFunction;
}

function declaredOperations(document: { paths: Record<string, { post: { responses: Record<string, { content?: Record<string, { schema: object }> }> } }> }) {
  const operations = new Map<string, Declared>();
  for (const [path, { post }] of Object.entries(document.paths)) {
    let validate: ValidateFunction | undefined;
    const schema = post.responses['200']?.content?.['application/json']?.schema ?? {};
    operations.set(path, {
      statuses: new Set(Object.keys(post.responses).map(Number)),
      // Compiled on the first 200 (a fresh Ajv each: schemas may repeat an $id).
      result: () => (validate ??= addFormats(new Ajv({ strict: false, allErrors: false })).compile(schema)),
    });
  }
  return operations;
}

function judge(result: CallResult, ms: number, declared: Declared): string | undefined {
  if (result.status >= 500 && result.status !== 501) return `status ${result.status}`;
  if (LEAK.test(result.text) && result.status >= 400) return 'stack trace or SQL in the answer';
  if (ms > SLOW_MS) return `slow: ${ms} ms`;
  if (!declared.statuses.has(result.status)) return `status ${result.status} not declared`;
  if (result.status === 200) {
    if (!(result.headers.get('content-type') ?? '').startsWith('application/json')) return `200 as ${result.headers.get('content-type')}`;
    const validate = declared.result();
    if (!validate(result.body)) return `200 body off the declared schema: ${validate.errors?.[0]?.instancePath} ${validate.errors?.[0]?.message}`;
  } else if (!(result.headers.get('content-type') ?? '').startsWith('application/xml') || !FAULT_BODY.test(result.text)) {
    return 'error without a <Fault> body';
  }
  return undefined;
}

let server: TestServer;
const callers: { label: string; api: ApiClient }[] = [];
const methods = listMethods();
let operations: Map<string, Declared>;
let sent = 0;
/** Status → answers, for the summary line. */
const answered = new Map<number, number>();

beforeAll(async () => {
  server = await startTestServer();
  operations = declaredOperations(await (await fetch(`${server.url}/DataModel/openapi.json`)).json());
  callers.push({ label: 'anonymous', api: await server.client() });
  callers.push({ label: 'basic.user', api: await server.signedIn('basic.user') });
  callers.push({ label: 'root.admin', api: await server.signedIn('root.admin') });
}, 120_000);

afterAll(async () => {
  const statuses = [...answered].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`).join(', ');
  console.log(`hardening fuzz: ${sent} bodies sent; answers ${statuses}`);
  await server?.close();
});

describe('fuzzing every method with hostile bodies', () => {
  it.each(['anonymous', 'basic.user', 'root.admin'])('as %s: no 5xx, no leak, no answer over 2 s, only declared statuses and bodies', async (label) => {
    const { api } = callers.find((entry) => entry.label === label)!;
    const findings: Finding[] = [];
    const cases = methods.filter(({ service, method }) => label === 'anonymous' || !SESSION_SWITCHING.has(`${service}/${method}`));
    let seed = SEED;
    const work = cases.map(({ service, method, contract }) => async () => {
      const schema = JSON.parse(JSON.stringify(contract.params)) as JsonSchema;
      const minimal = sampleBody(schema);
      const targets = paths(schema);
      const bodies: string[] = rawBodies(JSON.stringify(minimal));
      // The plain valid body too where it only reads: answers to check against the declared result schema.
      if (isReadOnlyMethod(method)) bodies.push(JSON.stringify(minimal));
      if (targets.length > 0) {
        const pairs = fc.sample(fc.tuple(fc.constantFrom(...targets), hostileValue), { seed: seed++, numRuns: RUNS });
        for (const [path, value] of pairs) bodies.push(JSON.stringify(withValue(minimal, path, value)));
      }
      const path = `/DataModel/service.svc/rest/${service}/${method}`;
      const declared = operations.get(path)!;
      const send = async (body: string) => {
        const started = performance.now();
        const result = await api.raw(path, { body });
        sent += 1;
        answered.set(result.status, (answered.get(result.status) ?? 0) + 1);
        return { result, ms: Math.round(performance.now() - started) };
      };
      for (const body of bodies) {
        let { result, ms } = await send(body);
        // A slow answer is sent again: a slow path is slow twice, a busy machine rarely is.
        if (ms > SLOW_MS) ({ result, ms } = await send(body));
        const problem = judge(result, ms, declared);
        if (problem) findings.push({ method: `${service}/${method}`, caller: label, body: body.slice(0, 200), status: result.status, ms, text: `${problem}: ${result.text.slice(0, 200)}` });
      }
    });
    // A few methods at a time: fast, yet each answer is timed on a server that is not saturated.
    const queue = [...work];
    await Promise.all(Array.from({ length: 2 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await next();
    }));
    expect(findings, JSON.stringify(findings.slice(0, 20), null, 1)).toEqual([]);
  }, 600_000);
});
