/**
 * What a termination does (spec §4: irreversible, deletes all data), for the
 * TerminateAccount handler and the scheduled-termination job alike. Call
 * inside one transaction:
 * - every account of the subtree not yet terminated becomes Terminated;
 * - prepaid subscriptions switch auto-renew from Renew to Terminate;
 * - with sendToSdp, one Terminate provisioning request per subscription;
 * - personal data is erased: users lose names, e-mail, phones, user name,
 *   password, sessions, MFA methods and SSO links; organisations lose e-mail
 *   and phone numbers. Kept: ids, account types, organisation names and
 *   addresses, subscriptions with their products and quantities (billing),
 *   and the audit log (user names in its details removed).
 */
import type { Queryable } from '../../db/db';
import { withinSql } from './account-nodes';
import { lockAt, type SubscriptionLock } from './subscription-locks';
import { emitEventsFrom } from '../../webhooks/emit-event';

/** Values that identify a person; removed from every terminated account. */
const PERSONAL_FIELDS = ['Firstname', 'Lastname', 'Email', 'Phone', 'Mobile', 'Username', 'ContactName', 'ContactEmail', 'ContactPhone'];
/** A password hash no password matches (argon2 cannot parse it: verify answers false). */
const NO_PASSWORD = '!terminated';

export interface SubscriptionRow {
  id: number;
  parent_id: number;
  display_name: string;
  state: string;
  values: Record<string, unknown> | null;
  fee_type: string | null;
}

export async function subscriptionsBelow(db: Queryable, path: string, limit = 5000): Promise<SubscriptionRow[]> {
  return db.query<SubscriptionRow>(
    `SELECT a.id, a.parent_id, a.display_name, a.state, a.views -> 'Values' AS values, s.fee_type
       FROM accounts a LEFT JOIN services s ON s.display_name = a.product_name
      WHERE ${withinSql('a.path', '$1')} AND a.account_type = 'Product' AND a.state <> 'Terminated'
      ORDER BY a.path LIMIT $2`,
    [path, limit],
  );
}

export const isPrepaid = (row: SubscriptionRow) => row.fee_type === 'prepaid N months';

/** The first subscription still locked at `at`, with its lock. */
export function firstLock(rows: SubscriptionRow[], at: Date): { row: SubscriptionRow; lock: SubscriptionLock } | undefined {
  for (const row of rows) {
    const lock = lockAt(row.values ?? {}, at);
    if (lock) return { row, lock };
  }
  return undefined;
}

export interface TerminationOutcome {
  terminatedAccounts: number;
  provisioningRequests: number;
  autoRenewSwitched: number;
  erasedUsers: number;
}

export async function executeTermination(tx: Queryable, account: { id: number; path: string }, sendToSdp: boolean): Promise<TerminationOutcome> {
  const path = account.path;
  const within = withinSql('a.path', '$1');
  const switched = await tx.query(
    `UPDATE accounts a SET views = jsonb_set(a.views, '{Values,AutoRenew}', '"Terminate"'), updated_at = now()
       FROM services s
      WHERE ${within} AND a.account_type = 'Product' AND a.state <> 'Terminated'
        AND s.display_name = a.product_name AND s.fee_type = 'prepaid N months'
        AND a.views -> 'Values' ->> 'AutoRenew' = 'Renew'
      RETURNING a.id`,
    [path],
  );
  let requests: unknown[] = [];
  if (sendToSdp) {
    // The nearest company above each subscription is the customer the vendor knows.
    requests = await tx.query(
      `INSERT INTO provisioning_requests (account_id, company_account_id, account_path, customer_id, subscription_id, order_id,
                                          order_action, order_target, order_status, product_status)
       SELECT a.id, c.id, a.path, c.views -> 'Values' ->> 'AccountIdentificator', a.views -> 'Values' ->> 'SubscriptionId',
              'TERM-' || a.id || '-' || to_char(now(), 'YYYYMMDDHH24MISS'), 'Terminate',
              coalesce(a.views -> 'Values' ->> 'Vendor', 'SDP') || ' API', 'Pending', 'Pending'
         FROM accounts a
         LEFT JOIN LATERAL (SELECT id, views FROM accounts c
                             WHERE c.id = ANY (string_to_array(a.path, '/')::bigint[]) AND c.account_type = 'Company'
                             ORDER BY length(c.path) DESC LIMIT 1) c ON true
        WHERE ${within} AND a.account_type = 'Product' AND a.state <> 'Terminated'
        ORDER BY a.id
       RETURNING id`,
      [path],
    );
  }
  const users = (
    await tx.query<{ id: number }>(`SELECT a.id FROM accounts a WHERE ${within} AND a.account_type = 'User' AND a.state <> 'Terminated'`, [path])
  ).map((row) => Number(row.id));
  if (users.length) {
    await tx.query(
      `UPDATE accounts SET display_name = 'Terminated user ' || id,
              views = jsonb_build_object('Values', jsonb_build_object('DisplayName', 'Terminated user ' || id,
                                                                      'AccountIdentificator', views -> 'Values' -> 'AccountIdentificator'))
        WHERE id = ANY ($1::bigint[])`,
      [users],
    );
    await tx.query(`UPDATE users SET username = 'terminated-' || account_id, password_hash = $2, last_logon = NULL WHERE account_id = ANY ($1::bigint[])`, [
      users,
      NO_PASSWORD,
    ]);
    for (const table of ['sessions', 'mfa_methods', 'sso_identities', 'password_history', 'password_reset_tokens', 'chat_conversations']) {
      await tx.query(`DELETE FROM ${table} WHERE user_id = ANY ($1::bigint[])`, [users]);
    }
    await tx.query(`UPDATE audit_log SET details = details - 'userName' WHERE details ? 'userName' AND account_id = ANY ($1::bigint[])`, [users]);
  }
  await tx.query(
    `UPDATE accounts a SET views = jsonb_set(a.views, '{Values}', coalesce(a.views -> 'Values', '{}'::jsonb) - $2::text[])
      WHERE ${within} AND a.account_type <> 'User' AND a.state <> 'Terminated' AND coalesce(a.views -> 'Values', '{}'::jsonb) ?| $2::text[]`,
    [path, PERSONAL_FIELDS],
  );
  await emitEventsFrom(tx, 'subscription.terminated', `SELECT 'subscription:' || a.id AS subject, a.path, jsonb_build_object('accountId', a.id, 'productName', a.product_name) AS data FROM accounts a WHERE ${within} AND a.account_type = 'Product' AND a.state <> 'Terminated' ORDER BY a.id`, [path]); // webhook
  await emitEventsFrom(tx, 'user.removed', `SELECT 'user:' || a.id AS subject, a.path, jsonb_build_object('accountId', a.id) AS data FROM accounts a WHERE a.id = ANY ($1::bigint[]) ORDER BY a.id`, [users]); // webhook
  const terminated = await tx.query(
    `UPDATE accounts a SET state = 'Terminated', terminated_at = now(), updated_at = now() WHERE ${within} AND a.state <> 'Terminated' RETURNING a.id`,
    [path],
  );
  return {
    terminatedAccounts: terminated.length,
    provisioningRequests: requests.length,
    autoRenewSwitched: switched.length,
    erasedUsers: users.length,
  };
}
