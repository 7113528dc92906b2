/**
 * The authorization matrix, generated from the catalogue: every method called
 * as every demo user (and anonymously), once on an account within the
 * caller's reach and once on a sibling's account. The expected answer comes
 * from the method's access declaration and the caller's capabilities and
 * AccountPath as GetCurrentUser reports them: refused (401/403 with the
 * dispatcher's text, marked as refused by the declaration) exactly where the
 * declaration refuses; anything else (200, or a 400/404/409/429/501 from the
 * handler, or a handler's own finer refusal) counts as let through.
 */
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CapabilityObjectTypes, listMethods, withImpliedCapabilities, type Access, type Capability, type MethodContract, type SessionUser } from '../../contract';
import { DEFAULT_DEMO_TOTP_SECRET } from '../../server/config';
import { INT_MAX } from '../../contract/hardening';
import { REFUSED_BY_HEADER } from '../../server/dispatcher';
import type { ApiClient } from '../support/api-client';
import { concrete, sampleBody, type JsonSchema } from '../support/schema-samples';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

type Outcome = 'allowed' | 'unauthenticated' | 'forbidden' | 'outOfScope' | 'noLogin';

/** The dispatcher's refusals by status and text (only answers it marks as refused by the declaration count). */
const REFUSAL_TEXTS: Record<string, Outcome> = {
  '401 You are not signed in, or your session has expired. Please sign in again.': 'unauthenticated',
  '403 You do not have the permission to do this.': 'forbidden',
  '403 You cannot access this account.': 'outOfScope',
  '403 Missing capabilities to log in': 'noLogin',
};

/** Methods that end or switch the caller's session: called last, one after the other. */
const SESSION_SWITCHING = ['Authorization/Unimpersonate', 'Authorization/Impersonate', 'Authorization/Logout'];

/** Top-level integer parameters named like account ids that are not accounts, with the reason. */
const NOT_ACCOUNT_IDS: Record<string, string> = {
  'Import/CancelImportAccount importAccountId': 'the id of an import row; the handler checks the import owner',
};

/** Ids of records other than accounts in generated bodies: far beyond the demo data, so nothing real is touched. */
const FAR_ID = 987_654_321;
const ACCOUNT_ID_NAME = /(account_?id|companyid|accountid)$/i;

interface Caller {
  label: string;
  api: ApiClient;
  signedIn: boolean;
  capabilities: readonly Capability[];
  scopePath: string;
  /** An account within reach, made for this test (a user account below the caller's own). */
  reachable: { id: number; path: string };
  /** A sibling's account outside the caller's reach; none for the root administrator. */
  sibling?: { id: number; path: string };
}

const methods = listMethods();
const isWithin = (path: string, scopePath: string) => path === scopePath || path.startsWith(`${scopePath}/`);
// With what each capability implies (the table the server applies to the session user).
const holds = (capabilities: readonly Capability[], objectType: string, flag: string) =>
  withImpliedCapabilities(capabilities).some((capability) => capability.ObjectType === objectType && (capability as unknown as Record<string, unknown>)[flag] === true);

function scopeOf(access: Access): readonly string[] {
  return access.kind === 'public' ? [] : (access.scope ?? []);
}

/** What the declaration lets the caller do with a body touching `target` in its scope parameters. */
function expectedOutcome(access: Access, caller: Caller | undefined, targetPath: string): Outcome {
  if (access.kind === 'public') return 'allowed';
  if (!caller?.signedIn) return 'unauthenticated';
  if (access.kind === 'capability' && !access.anyOf.some(({ objectType, flag }) => holds(caller.capabilities, objectType, flag))) return 'forbidden';
  if (scopeOf(access).length > 0 && !isWithin(targetPath, caller.scopePath)) return 'outOfScope';
  return 'allowed';
}

type Schema = JsonSchema & { maximum?: number };

/** A valid body where every account id (top-level scope parameters and nested *AccountId fields) is `target` and other ids are FAR_ID. */
function bodyFor(contract: MethodContract, target: number): Record<string, unknown> {
  const rewrite = (input: Schema, value: unknown, key: string): unknown => {
    const schema = concrete(input) as Schema;
    if (typeof value === 'number' && schema.type === 'integer') {
      if (ACCOUNT_ID_NAME.test(key)) return target;
      // An id: unbounded but for the contract's default bounds (contract/hardening.ts).
      return (schema.maximum === undefined || schema.maximum >= INT_MAX) && (schema.minimum ?? 0) >= 1 ? FAR_ID : value;
    }
    if (Array.isArray(value)) return value.map((item) => rewrite((schema.items ?? {}) as Schema, item, key));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, rewrite((schema.properties?.[name] ?? {}) as Schema, item, name)]));
    }
    return value;
  };
  const schema = contract.params as unknown as Schema;
  const body = rewrite(schema, sampleBody(schema), '') as Record<string, unknown>;
  for (const name of scopeOf(contract.access)) {
    const property = concrete(schema.properties?.[name] ?? {});
    body[name] = property.type === 'array' ? [target] : target;
  }
  return body;
}

/** Refused by the access declaration: the dispatcher marks those answers; the text names the reason. */
function outcomeOf(result: { status: number; message: string | undefined; headers: Headers }): Outcome {
  if (result.headers.get(REFUSED_BY_HEADER) !== 'declaration') return 'allowed';
  return REFUSAL_TEXTS[`${result.status} ${result.message ?? ''}`] ?? 'allowed';
}

async function inBatches<T>(items: readonly T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += size) await Promise.all(items.slice(start, start + size).map(run));
}

let server: TestServer;
const callers = new Map<string, Caller>();

async function accountByName(name: string, parentName?: string): Promise<{ id: number; path: string }> {
  const row = await server.server.db.one<{ id: number; path: string }>(
    `SELECT a.id, a.path FROM accounts a LEFT JOIN accounts p ON p.id = a.parent_id
      WHERE a.display_name = $1 AND ($2::text IS NULL OR p.display_name = $2) ORDER BY a.id LIMIT 1`,
    [name, parentName ?? null],
  );
  if (!row) throw new Error(`no account ${name}`);
  return row;
}

/** A user account below `parentId`, only for this test: terminating or moving it harms nobody else. */
async function makeTarget(parentId: number, label: string): Promise<{ id: number; path: string }> {
  return server.server.db.transaction(async (tx) => {
    const [account] = await tx.query<{ id: number }>(
      `INSERT INTO accounts (parent_id, account_type, display_name) VALUES ($1, 'User', $2) RETURNING id`,
      [parentId, `Matrix target of ${label}`],
    );
    const [updated] = await tx.query<{ id: number; path: string }>(
      `UPDATE accounts SET path = (SELECT path FROM accounts WHERE id = $2) || '/' || id WHERE id = $1 RETURNING id, path`,
      [account.id, parentId],
    );
    await tx.query(`INSERT INTO users (account_id, username, password_hash) VALUES ($1, $2, 'not-a-hash')`, [account.id, `matrix.target.${account.id}`]);
    return updated;
  });
}

async function signIn(userName: string): Promise<ApiClient> {
  if (userName !== 'mfa.user') return server.signedIn(userName);
  const api = await server.client();
  const result = await api.call('Authorization', 'Authenticate', {
    userName,
    password: DEMO_PASSWORD,
    mfaToken: await generate({ secret: DEFAULT_DEMO_TOTP_SECRET }),
  });
  if (result.status !== 200 || (result.body as SessionUser).MfaRequired) throw new Error(`TOTP sign-in of mfa.user failed: ${result.status}`);
  return api;
}

const SIBLINGS: Record<string, () => Promise<{ id: number; path: string } | undefined>> = {
  'root.admin': async () => undefined,
  'reseller.admin': () => accountByName('Adatum Software'),
  'account.manager': () => accountByName('Adatum Software'),
  'company.admin': () => accountByName('Fabrikam Inc'),
  'mfa.user': () => accountByName('Fabrikam Inc'),
  'basic.user': () => accountByName('Finance', 'Contoso Ltd'),
  'vendor.admin': () => accountByName('Contoso Ltd'),
};

beforeAll(async () => {
  server = await startTestServer();
  for (const userName of Object.keys(SIBLINGS)) {
    const api = await signIn(userName);
    const me = (await api.call<SessionUser>('Authorization', 'GetCurrentUser')).body;
    const ownAccount = Number(me.AccountPath.split('/').at(-1));
    callers.set(userName, {
      label: userName,
      api,
      signedIn: true,
      capabilities: me.Capability,
      scopePath: me.AccountPath,
      reachable: await makeTarget(ownAccount, userName),
      sibling: await SIBLINGS[userName](),
    });
  }
  const root = callers.get('root.admin')!;
  callers.set('anonymous', { label: 'anonymous', api: await server.client(), signedIn: false, capabilities: [], scopePath: '', reachable: root.reachable });
}, 120_000);
afterAll(() => server?.close());

describe('access declarations', () => {
  it.each(methods.map((entry) => [`${entry.service}/${entry.method}`, entry] as const))('%s declares who may call it', (_name, { contract }) => {
    const access = contract.access as Access | undefined;
    expect(access, 'no access declaration').toBeDefined();
    expect(['public', 'session', 'capability']).toContain(access!.kind);
    if (access!.kind === 'capability') {
      expect(access!.anyOf.length).toBeGreaterThan(0);
      for (const { objectType, flag } of access!.anyOf) {
        expect(CapabilityObjectTypes).toContain(objectType);
        expect(['Read', 'Execute', 'Create', 'Delete']).toContain(flag);
      }
    }
  });

  it('names every top-level account-id parameter in the scope of its declaration', () => {
    const unscoped: string[] = [];
    for (const { service, method, contract } of methods) {
      for (const [name, property] of Object.entries(contract.params.properties as Record<string, JsonSchema>)) {
        const type = concrete(property).type;
        const looksLikeAccount = /(account|company)id$|targetroot/i.test(name) && (type === 'integer' || type === 'array');
        const key = `${service}/${method} ${name}`;
        if (looksLikeAccount && !scopeOf(contract.access).includes(name) && !NOT_ACCOUNT_IDS[key]) unscoped.push(key);
      }
    }
    expect(unscoped).toEqual([]);
  });
});

describe('the authorization matrix', () => {
  it('refuses nologin.user at sign-in, so its calls are anonymous ones', async () => {
    const api = await server.client();
    const result = await api.signIn('nologin.user', DEMO_PASSWORD);
    expect(result.status).toBe(403);
    expect(api.cookies.has('portal_session')).toBe(false);
  });

  it.each([...Object.keys(SIBLINGS), 'anonymous'])(
    'as %s: refused exactly where the declaration refuses',
    async (label) => {
      const caller = callers.get(label)!;
      const calls = methods.flatMap(({ service, method, contract }) => {
        const targets = [caller.reachable, ...(caller.sibling && scopeOf(contract.access).length > 0 ? [caller.sibling] : [])];
        return targets.map((target) => ({ service, method, contract, target }));
      });
      const mismatches: string[] = [];
      let allowed = 0;
      let refused = 0;
      const check = async ({ service, method, contract, target }: (typeof calls)[number]) => {
        const result = await caller.api.call(service, method, bodyFor(contract, target.id));
        const expected = expectedOutcome(contract.access, caller, target.path);
        const observed = outcomeOf(result);
        if (observed === 'allowed') allowed++;
        else refused++;
        if (observed !== expected) {
          mismatches.push(`${service}/${method} on ${target.path}: expected ${expected}, got ${result.status} ${result.message ?? ''}`.trim());
        }
      };
      const isSwitching = (entry: (typeof calls)[number]) => SESSION_SWITCHING.includes(`${entry.service}/${entry.method}`);
      await inBatches(calls.filter((entry) => !isSwitching(entry)), 6, check);
      for (const name of SESSION_SWITCHING) {
        for (const entry of calls.filter((candidate) => `${candidate.service}/${candidate.method}` === name)) await check(entry);
      }
      expect(mismatches).toEqual([]);
      expect(allowed + refused).toBe(calls.length);
      // Sanity: the matrix exercised both answers for signed-in users.
      if (caller.signedIn && label !== 'root.admin') expect(refused).toBeGreaterThan(0);
      expect(allowed).toBeGreaterThan(0);
    },
    180_000,
  );
});
