/**
 * The access check every service method goes through (server/auth/access.ts), fast enough for mutation
 * testing. The database is the one thing faked: a table of account paths answering the one query
 * assertAccountsInScope makes (the API tests run the same check against PostgreSQL).
 */
import { describe, expect, it } from 'vitest';
import type { Access } from '../../../contract';
import { assertAccountsInScope, enforceAccess, isWithin } from '../../../server/auth/access';
import type { Queryable } from '../../../server/db/db';
import type { Caller } from '../../../server/services/context';

const PATHS: Record<number, string> = { 1: '1', 20: '1/20', 21: '1/20/21', 30: '1/30', 200: '1/200' };

/** Answers `SELECT path FROM accounts WHERE id = ANY($1)` from PATHS, and counts the queries. */
function accountsTable() {
  const asked: number[][] = [];
  const db = {
    async query(_sql: string, params: unknown[]) {
      const ids = params[0] as number[];
      asked.push(ids);
      return ids.filter((id) => PATHS[id] !== undefined).map((id) => ({ path: PATHS[id] }));
    },
  } as unknown as Queryable;
  return { db, asked };
}

const callerAt = (scopePath: string, capabilities: object[] = []) => ({ loaded: { scopePath, user: { Capability: capabilities } } }) as unknown as Caller;

async function refusal(promise: Promise<unknown>): Promise<{ status: number; textKey: string } | 'allowed'> {
  try {
    await promise;
    return 'allowed';
  } catch (error) {
    const { status, textKey } = error as { status: number; textKey: string };
    return { status, textKey };
  }
}

describe('isWithin', () => {
  it('is the scope itself or a path below it, never a sibling sharing a prefix', () => {
    expect(isWithin('1/20', '1/20')).toBe(true);
    expect(isWithin('1/20/21', '1/20')).toBe(true);
    expect(isWithin('1/200', '1/20')).toBe(false);
    expect(isWithin('1', '1/20')).toBe(false);
    expect(isWithin('1/30', '1/20')).toBe(false);
  });
});

describe('assertAccountsInScope', () => {
  it('allows accounts on and below the scope, and asks nothing for no accounts', async () => {
    const { db, asked } = accountsTable();
    expect(await refusal(assertAccountsInScope(db, callerAt('1/20'), []))).toBe('allowed');
    expect(asked).toEqual([]);
    expect(await refusal(assertAccountsInScope(db, callerAt('1/20'), [20, 21, 21]))).toBe('allowed');
    expect(asked).toEqual([[20, 21]]);
  });

  it('refuses (403 outOfScope) an account outside, a sibling with the same prefix, and an unknown id', async () => {
    const { db } = accountsTable();
    const outOfScope = { status: 403, textKey: 'outOfScope' };
    expect(await refusal(assertAccountsInScope(db, callerAt('1/20'), [21, 30]))).toEqual(outOfScope);
    expect(await refusal(assertAccountsInScope(db, callerAt('1/20'), [200]))).toEqual(outOfScope);
    expect(await refusal(assertAccountsInScope(db, callerAt('1/20'), [21, 999]))).toEqual(outOfScope);
    expect(await refusal(assertAccountsInScope(db, callerAt('1'), [1, 20, 21, 30, 200]))).toBe('allowed');
  });
});

describe('enforceAccess', () => {
  const needs: Access = { kind: 'capability', anyOf: [{ objectType: 'USERS', flag: 'Read' }, { objectType: 'ADMINISTRATIVE', flag: 'Execute' }], scope: ['accountId', 'accountIds'] };

  it('lets anyone call a public method, and nobody without a session call another', async () => {
    const { db } = accountsTable();
    expect(await refusal(enforceAccess(db, { kind: 'public' }, undefined, {}))).toBe('allowed');
    expect(await refusal(enforceAccess(db, { kind: 'session' }, undefined, {}))).toEqual({ status: 401, textKey: 'unauthenticated' });
    expect(await refusal(enforceAccess(db, needs, undefined, { accountId: 21 }))).toEqual({ status: 401, textKey: 'unauthenticated' });
    expect(await refusal(enforceAccess(db, { kind: 'session' }, callerAt('1/20'), {}))).toBe('allowed');
  });

  it('asks for one of the capabilities with its flag', async () => {
    const { db } = accountsTable();
    const forbidden = { status: 403, textKey: 'forbidden' };
    expect(await refusal(enforceAccess(db, needs, callerAt('1/20', []), {}))).toEqual(forbidden);
    expect(await refusal(enforceAccess(db, needs, callerAt('1/20', [{ ObjectType: 'USERS', Execute: true }]), {}))).toEqual(forbidden);
    expect(await refusal(enforceAccess(db, needs, callerAt('1/20', [{ ObjectType: 'USERS_OTHER', Read: true }]), {}))).toEqual(forbidden);
    expect(await refusal(enforceAccess(db, needs, callerAt('1/20', [{ ObjectType: 'USERS', Read: true }]), {}))).toBe('allowed');
    expect(await refusal(enforceAccess(db, needs, callerAt('1/20', [{ ObjectType: 'ADMINISTRATIVE', Execute: true }]), {}))).toBe('allowed');
  });

  it('checks every account the declared parameters name, single ids and lists, and ignores other values', async () => {
    const caller = callerAt('1/20', [{ ObjectType: 'USERS', Read: true }]);
    const { db, asked } = accountsTable();
    expect(await refusal(enforceAccess(db, needs, caller, { accountId: 21, accountIds: [20, 'x', 21], other: 30 }))).toBe('allowed');
    expect(asked).toEqual([[21, 20]]);
    expect(await refusal(enforceAccess(db, needs, caller, { accountId: 21, accountIds: [30] }))).toEqual({ status: 403, textKey: 'outOfScope' });
    expect(await refusal(enforceAccess(db, needs, caller, { accountId: 30 }))).toEqual({ status: 403, textKey: 'outOfScope' });
    expect(await refusal(enforceAccess(db, { kind: 'session', scope: ['accountId'] }, caller, { accountId: 30 }))).toEqual({ status: 403, textKey: 'outOfScope' });
    expect(await refusal(enforceAccess(db, { kind: 'session', scope: [] }, caller, { accountId: 30 }))).toBe('allowed');
    expect(await refusal(enforceAccess(db, { kind: 'session' }, caller, { accountId: 30 }))).toBe('allowed');
  });
});
