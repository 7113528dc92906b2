/**
 * Moving an account under a new parent (ACCOUNT_MOVE): GetPossbileParentsForAccountMove
 * offers the valid parents, MoveAccount rewrites the materialised path of the
 * whole subtree (accounts and the provisioning requests that copy it) with one
 * UPDATE each, in one transaction, audited on the account and on both parents.
 * Every scope check (a prefix test on accounts.path) is true again at once;
 * cached callers are forgotten so a user moved away loses its old reach on
 * its next call.
 */
import { isWithin } from '../../auth/access';
import { fault } from '../../fault';
import type { Queryable } from '../../db/db';
import { requireCaller, type Caller, type ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';
import { auditIn, callerUserPath, loadNode, NODE_BASE_COLUMNS, nodesPage, parentTypesOf, toNode, typeOffers, withinSql, type NodeRow } from './account-nodes';
import { emitEventsFrom } from '../../webhooks/emit-event';

export const MOVE_PARENTS_LIMIT = 500;

/** The account may be moved by this caller: not terminated, not the caller's own organisation or above. */
function assertMovable(ctx: ServiceContext, caller: Caller, account: NodeRow) {
  if (account.state === 'Terminated') throw fault(409, 'lifecycle.alreadyTerminated');
  if (account.parent_id === null || isWithin(caller.loaded.scopePath, account.path)) throw fault(403, 'lifecycle.moveOwnAccount');
  if (!typeOffers(ctx, account.account_type, 'Move')) throw fault(400, 'lifecycle.typeNotMovable');
}

/** Why `parent` cannot take `account`; undefined when it can. */
function parentProblem(ctx: ServiceContext, account: NodeRow, parent: NodeRow) {
  if (isWithin(parent.path, account.path)) return fault(400, 'lifecycle.moveIntoOwnSubtree');
  if (parent.state !== 'Active') return fault(400, 'lifecycle.moveParentInactive');
  if (Number(parent.id) === Number(account.parent_id)) return fault(400, 'lifecycle.moveSameParent');
  const allowed = parentTypesOf(ctx, account.account_type, account.product_name);
  if (!allowed.includes(parent.account_type)) {
    return fault(400, 'account.parentTypeNotAllowed', { accountType: account.account_type, parentType: parent.account_type });
  }
  return undefined;
}

async function ancestorNames(db: Queryable, scopePath: string, rows: NodeRow[]) {
  const depth = scopePath.split('/').length - 1;
  const ids = [...new Set(rows.flatMap((row) => row.path.split('/').map(Number).slice(depth, -1)))];
  const names = new Map<number, string>();
  if (ids.length) {
    for (const row of await db.query<{ id: number; display_name: string }>('SELECT id, display_name FROM accounts WHERE id = ANY ($1::bigint[])', [ids])) {
      names.set(Number(row.id), row.display_name);
    }
  }
  return (row: NodeRow) => row.path.split('/').map(Number).slice(depth, -1).map((id) => names.get(id) ?? '').join(' / ');
}

export const moveHandlers = defineHandlers('Account', {
  async GetPossbileParentsForAccountMove(ctx, { accountId }) {
    const caller = requireCaller(ctx);
    const account = await loadNode(ctx.db, accountId);
    assertMovable(ctx, caller, account);
    const types = parentTypesOf(ctx, account.account_type, account.product_name);
    const order = 'length(a.path), lower(a.display_name), a.id';
    const rows = await ctx.db.query<NodeRow>(
      nodesPage(
        `SELECT ${NODE_BASE_COLUMNS} FROM accounts a
          WHERE ${withinSql('a.path', '$1')} AND a.account_type = ANY ($2::text[]) AND a.state = 'Active'
            AND NOT ${withinSql('a.path', '$3')} AND a.id <> $4
          ORDER BY ${order} LIMIT ${MOVE_PARENTS_LIMIT + 1}`,
        order,
        'false',
      ),
      [caller.loaded.scopePath, types, account.path, account.parent_id],
    );
    const shown = rows.slice(0, MOVE_PARENTS_LIMIT);
    const pathOf = await ancestorNames(ctx.db, caller.loaded.scopePath, shown);
    return {
      Account: toNode(account),
      Parents: shown.map((row) => ({ ...toNode(row), Path: pathOf(row) })),
      HasMore: rows.length > MOVE_PARENTS_LIMIT,
    };
  },

  async MoveAccount(ctx, { accountId, newParentAccountId }) {
    const caller = requireCaller(ctx);
    const result = await ctx.db.transaction(async (tx) => {
      // Both rows locked in id order (two crossing moves wait instead of deadlocking), then read again:
      // a move committed meanwhile has changed their paths.
      await tx.query('SELECT id FROM accounts WHERE id = ANY ($1::bigint[]) ORDER BY id FOR UPDATE', [[accountId, newParentAccountId]]);
      const account = await loadNode(tx, accountId);
      const parent = await loadNode(tx, newParentAccountId);
      assertMovable(ctx, caller, account);
      if (isWithin(callerUserPath(caller), account.path)) throw fault(403, 'lifecycle.moveOwnAccount');
      if (!isWithin(parent.path, caller.loaded.scopePath)) throw fault(403, 'outOfScope');
      const problem = parentProblem(ctx, account, parent);
      if (problem) throw problem;
      const oldPath = account.path;
      const newPath = `${parent.path}/${account.id}`;
      const oldParentId = Number(account.parent_id);
      // One statement per table: a reader sees the subtree before or after, never half of it.
      const moved = await tx.query(
        `UPDATE accounts SET path = $2 || substr(path, length($1) + 1), updated_at = now()
          WHERE ${withinSql('path', '$1')} RETURNING id`,
        [oldPath, newPath],
      );
      await tx.query('UPDATE accounts SET parent_id = $2 WHERE id = $1', [account.id, parent.id]);
      await tx.query(
        `UPDATE provisioning_requests SET account_path = $2 || substr(account_path, length($1) + 1) WHERE ${withinSql('account_path', '$1')}`,
        [oldPath, newPath],
      );
      const details = { accountId: account.id, displayName: account.display_name, oldParentAccountId: oldParentId, newParentAccountId: Number(parent.id), movedAccounts: moved.length };
      // Requests of the subtree that named the old company as customer now name the new one (nested companies keep theirs).
      if (account.account_type !== 'Company') {
        const nearestCompany = async (path: string) =>
          (await tx.one<{ id: number }>(
            `SELECT id FROM accounts WHERE id = ANY (string_to_array($1, '/')::bigint[]) AND account_type = 'Company' ORDER BY length(path) DESC LIMIT 1`,
            [path],
          ))?.id ?? null;
        const [before, after] = [await nearestCompany(oldPath.split('/').slice(0, -1).join('/')), await nearestCompany(parent.path)];
        if (before !== null && after !== null && Number(before) !== Number(after)) {
          await tx.query(`UPDATE provisioning_requests SET company_account_id = $3 WHERE ${withinSql('account_path', '$1')} AND company_account_id = $2`, [
            newPath,
            before,
            after,
          ]);
        }
      }
      await auditIn(tx, ctx, 'AccountMoved', account.id, details);
      await emitEventsFrom(tx, 'subscription.moved', `SELECT 'subscription:' || a.id AS subject, a.path, jsonb_build_object('accountId', a.id, 'productName', a.product_name, 'movedAccountId', $2::bigint, 'oldParentAccountId', $3::bigint, 'newParentAccountId', $4::bigint) AS data FROM accounts a WHERE ${withinSql('a.path', '$1')} AND a.account_type = 'Product' ORDER BY a.id`, [newPath, account.id, oldParentId, Number(parent.id)]); // webhook
      await auditIn(tx, ctx, 'AccountMovedOut', oldParentId, details);
      await auditIn(tx, ctx, 'AccountMovedIn', Number(parent.id), details);
      return { AccountId: account.id, OldParentAccountId: oldParentId, NewParentAccountId: Number(parent.id), MovedAccounts: moved.length };
    });
    // Scopes (AccountPath) of users in the subtree changed: no cached caller keeps the old one.
    ctx.callers.forgetAll();
    return result;
  },
});
