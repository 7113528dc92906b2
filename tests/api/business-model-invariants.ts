/**
 * What must hold after every step of the business model (business-model.test.ts), whatever
 * sequence of user actions led there. Each check names itself in its failure, with the trail.
 */
import { expect } from 'vitest';
import { db, type World } from './business-model-world';

const fail = (world: World, invariant: string, detail: unknown) => `${invariant}: ${String(JSON.stringify(detail) ?? detail).slice(0, 600)}\n${world.trail.join('\n')}`;

/** Nobody holds a role of an account that is not above them: no grant reaches past its granter's subtree. */
export async function grantsStayInTheirSubtree(world: World): Promise<void> {
  const escaped = await db(world).query<{ user_id: number; role_id: number }>(
    `SELECT ur.user_id, ur.role_id
       FROM user_roles ur JOIN roles r ON r.id = ur.role_id JOIN accounts u ON u.id = ur.user_id
      WHERE NOT (r.owner_account_id = ANY (string_to_array(u.path, '/')::bigint[]))`,
  );
  expect(escaped, fail(world, 'a role held outside its owner subtree', escaped)).toEqual([]);
}

/** Below a terminated account everything is terminated (or locked on its way there). */
export async function nothingLivesBelowTheTerminated(world: World): Promise<void> {
  const alive = await db(world).query<{ id: number; state: string; ancestor: number }>(
    `SELECT c.id, c.state, p.id AS ancestor
       FROM accounts p JOIN accounts c ON c.path LIKE p.path || '/%'
      WHERE p.state = 'Terminated' AND c.state NOT IN ('Terminated', 'Locked')
      LIMIT 5`,
  );
  expect(alive, fail(world, 'an account alive below a terminated one', alive)).toEqual([]);
}

interface AuditEntry {
  Id: number;
  Action: string;
  Details: string;
}

/**
 * Every audit row the step wrote reads as a sentence in the reader's language (German): never the
 * action's code, an unfilled {{placeholder}} or a raw camelCase key.
 */
export async function auditReadsAsWords(world: World, sinceId: number): Promise<number> {
  const rows = await db(world).query<{ id: number; account_id: number | null; actor_user_id: number | null; action: string }>(
    'SELECT id, account_id, actor_user_id, action FROM audit_log WHERE id > $1 ORDER BY id',
    [sinceId],
  );
  const pages = new Map<string, AuditEntry[]>();
  for (const row of rows) {
    const query = row.account_id !== null ? { accountId: Number(row.account_id) } : { accountId: Number(row.actor_user_id), mode: 'user' };
    if (query.accountId === 0 || Number.isNaN(query.accountId)) continue;
    const key = JSON.stringify(query);
    if (!pages.has(key)) {
      const german = await world.auditReader.call<{ Rows: AuditEntry[] }>('Account', 'GetAuditLog', {
        query: { startRow: 0, endRow: 200, sortModel: [{ colId: 'Date', sort: 'desc' }], ...query },
      });
      expect(german.status, fail(world, 'the audit log unreadable', german.text)).toBe(200);
      pages.set(key, german.body.Rows);
    }
    const entry = pages.get(key)!.find((candidate) => Number(candidate.Id) === Number(row.id));
    expect(entry, fail(world, 'an audit row missing from its log', row)).toBeDefined();
    const text = entry!.Details;
    const words = !text.includes(row.action) && !/\{\{|\}\}/.test(text) && !/\b[a-z]+[A-Z]\w*\s*:/.test(text) && text.trim().length > 0;
    expect(words, fail(world, 'an audit sentence that is a code', { action: row.action, text })).toBe(true);
  }
  return rows.length;
}
