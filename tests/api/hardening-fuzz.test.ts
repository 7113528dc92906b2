/**
 * Every method of the catalogue fuzzed with hostile bodies, as an anonymous caller, a basic
 * user and the root administrator: numbers of 2^63 and beyond, NUL and other control
 * characters, lone surrogates, huge strings, wrong types, random ids, deep nesting,
 * `__proto__` (tests/support/hostile-bodies.ts). Any 5xx, any stack trace or SQL text in an
 * answer fails; so does any status the served OpenAPI document does not declare for the method, a
 * 200 whose body does not match the declared response schema, and an error that is not a
 * <Fault> XML body. How long the answers take (goal: none over 2 s) is a figure of
 * `npm run bench -- timings` (hostileBodies), not a test's. Bodies come from each method's own
 * schema through fast-check (fixed seed per method, so a failure is reproducible; FUZZ_SEED and
 * FUZZ_RUNS change them).
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMethods } from '../../contract';
import type { ApiClient, CallResult } from '../support/api-client';
import { hostileBodies } from '../support/hostile-bodies';
import { startTestServer, type TestServer } from '../support/test-server';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
/** Calls that end or switch the caller's session: fuzzed anonymously only. */
const SESSION_SWITCHING = new Set(['Authorization/Logout', 'Authorization/Impersonate', 'Authorization/Unimpersonate']);
const FAULT_BODY = /^<Fault><Message>[^<]*<\/Message><\/Fault>$/;
const LEAK = /\bat [\w.<>]+ \(|\.[cm]?[jt]s:\d+:\d+|node_modules|\bSELECT\b|\bINSERT INTO\b|\bUPDATE \w+ SET\b|syntax error|out of range for type|violates .* constraint|relation "|column "|invalid byte sequence/i;

interface Finding {
  method: string;
  caller: string;
  body: string;
  status: number;
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

function judge(result: CallResult, declared: Declared): string | undefined {
  if (result.status >= 500 && result.status !== 501) return `status ${result.status}`;
  if (LEAK.test(result.text) && result.status >= 400) return 'stack trace or SQL in the answer';
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
  it.each(['anonymous', 'basic.user', 'root.admin'])('as %s: no 5xx, no leak, only declared statuses and bodies', async (label) => {
    const { api } = callers.find((entry) => entry.label === label)!;
    const findings: Finding[] = [];
    const cases = methods.filter(({ service, method }) => label === 'anonymous' || !SESSION_SWITCHING.has(`${service}/${method}`));
    const work = cases.map(({ service, method, contract }, index) => async () => {
      const bodies = hostileBodies(contract.params, method, SEED + index, RUNS);
      const path = `/DataModel/service.svc/rest/${service}/${method}`;
      const declared = operations.get(path)!;
      for (const body of bodies) {
        const result = await api.raw(path, { body });
        sent += 1;
        answered.set(result.status, (answered.get(result.status) ?? 0) + 1);
        const problem = judge(result, declared);
        if (problem) findings.push({ method: `${service}/${method}`, caller: label, body: body.slice(0, 200), status: result.status, text: `${problem}: ${result.text.slice(0, 200)}` });
      }
    });
    // Two methods at a time: faster, without flooding the server.
    const queue = [...work];
    await Promise.all(Array.from({ length: 2 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await next();
    }));
    expect(findings, JSON.stringify(findings.slice(0, 20), null, 1)).toEqual([]);
  }, 600_000);
});
