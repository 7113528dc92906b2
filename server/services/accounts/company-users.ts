import { fault } from '../../fault';
import { defineHandlers } from '../define-handlers';

/** More than any company lists on one screen; the client filters by name within it. */
export const MAX_COMPANY_USERS = 1000;

interface UserRow {
  id: number;
  display_name: string;
  state: string;
  username: string;
  email: string | null;
  last_logon: Date | null;
  parent_id: number;
  parent_name: string;
}

export const companyUserHandlers = defineHandlers('Account', {
  /**
   * The users on or below an account (a company with its departments; for a
   * reseller, its customers' users too), by display name. The dispatcher has
   * checked USERS read and that the account is within the caller's reach.
   */
  async GetUsersForCompany(ctx, body) {
    const account = await ctx.db.one<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [body.accountId]);
    if (!account) throw fault(404, 'notFound');
    const rows = await ctx.db.query<UserRow>(
      `SELECT a.id, a.display_name, a.state, u.username, a.views->'Values'->>'Email' AS email, u.last_logon,
              p.id AS parent_id, p.display_name AS parent_name
         FROM accounts a
         JOIN users u ON u.account_id = a.id
         JOIN accounts p ON p.id = a.parent_id
        WHERE a.path LIKE $1 || '/%' AND a.account_type = 'User'
        ORDER BY lower(a.display_name), a.id
        LIMIT $2`,
      [account.path, MAX_COMPANY_USERS],
    );
    return rows.map((row) => ({
      AccountId: row.id,
      AccountType: 'User',
      AccountState: row.state,
      Username: row.username,
      DisplayName: row.display_name,
      Email: row.email,
      ParentAccountId: row.parent_id,
      ParentDisplayName: row.parent_name,
      LastLogon: row.last_logon ? new Date(row.last_logon).toISOString() : null,
    }));
  },
});
