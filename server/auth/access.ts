import type { Access } from '../../contract';
import type { Queryable } from '../db/db';
import { fault } from '../fault';
import type { Caller } from '../services/context';
import { hasCapability } from './session-user';

/** True when `path` is `scopePath` itself or lies below it. */
export const isWithin = (path: string, scopePath: string) => path === scopePath || path.startsWith(`${scopePath}/`);

function accountIdsOf(body: Record<string, unknown>, scope: readonly string[]): number[] {
  const ids: number[] = [];
  for (const name of scope) {
    const value = body[name];
    if (typeof value === 'number') ids.push(value);
    else if (Array.isArray(value)) ids.push(...value.filter((item): item is number => typeof item === 'number'));
  }
  return ids;
}

/** Fails with 403 unless every account is on or below the caller's scope. Unknown ids fail the same way. */
export async function assertAccountsInScope(db: Queryable, caller: Caller, accountIds: number[]): Promise<void> {
  const unique = [...new Set(accountIds)];
  if (unique.length === 0) return;
  const rows = await db.query<{ path: string }>('SELECT path FROM accounts WHERE id = ANY($1::bigint[])', [unique]);
  if (rows.length !== unique.length || rows.some((row) => !isWithin(row.path, caller.loaded.scopePath))) {
    throw fault(403, 'outOfScope');
  }
}

/**
 * The one authorization check every method goes through, from its declaration
 * in the catalogue: signed in, capability held, accounts within reach.
 */
export async function enforceAccess(
  db: Queryable,
  access: Access,
  caller: Caller | undefined,
  body: Record<string, unknown>,
): Promise<void> {
  if (access.kind === 'public') return;
  if (!caller) throw fault(401, 'unauthenticated');
  if (access.kind === 'capability') {
    const capabilities = caller.loaded.user.Capability;
    if (!access.anyOf.some(({ objectType, flag }) => hasCapability(capabilities, objectType, flag))) {
      throw fault(403, 'forbidden');
    }
  }
  if (access.scope?.length) await assertAccountsInScope(db, caller, accountIdsOf(body, access.scope));
}
