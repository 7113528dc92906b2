/**
 * What the MFA policy screens show beside the policy (issue 23): where an
 * inherited hierarchy policy comes from, the exceptions by name, how many users
 * a policy as edited would make set up a method at their next sign-in, and an
 * administrator's view of one user's methods.
 */
import { loadUser, POLICY_BINDS } from '../../auth/session-user';
import { fault } from '../../fault';
import { defineHandlers } from '../define-handlers';

interface CompanyRow {
  id: number;
  path: string;
  hierarchy: boolean | null;
  allowed_methods: string[] | null;
  exceptions: number[] | null;
}

export const mfaOverviewHandlers = defineHandlers('Account', {
  async GetMfaPolicyOverview(ctx, body) {
    const company = await ctx.db.one<CompanyRow>(
      `SELECT a.id, a.path, mp.applies_to_hierarchy AS hierarchy, mp.allowed_methods, mp.exceptions
         FROM accounts a LEFT JOIN mfa_policies mp ON mp.account_id = a.id
        WHERE a.id = $1 AND a.account_type IN ('Company', 'Reseller', 'Vendor')`,
      [body.companyAccountId],
    );
    if (!company) throw fault(400, 'identity.notACompany');
    const hierarchy = body.hierarchy ?? company.hierarchy ?? false;
    const allowed = body.allowedMethods ?? company.allowed_methods ?? null;
    const exceptions = body.exceptionAccountIds ?? company.exceptions ?? [];

    const inherited = await ctx.db.one<{ id: number; display_name: string; allowed_methods: string[] | null }>(
      `SELECT a.id, a.display_name, mp.allowed_methods FROM mfa_policies mp JOIN accounts a ON a.id = mp.account_id
        WHERE mp.enforced AND mp.applies_to_hierarchy AND mp.account_id <> $1
          AND mp.account_id = ANY (string_to_array($2, '/')::bigint[])
        ORDER BY length(a.path) DESC LIMIT 1`,
      [company.id, company.path],
    );
    // Only exceptions inside the company count (as UpdateMFAPolicy keeps them); names for the list.
    const named = await ctx.db.query<{ id: number; display_name: string; account_type: string }>(
      `SELECT id, display_name, account_type FROM accounts WHERE id = ANY ($1::bigint[]) AND (path = $2 OR path LIKE $2 || '/%') ORDER BY display_name, id`,
      [exceptions, company.path],
    );
    // The policy as edited, counted with sign-in's own rule (POLICY_BINDS): whom it binds, and of those who
    // has no method it allows. Exceptions outside the company are left out, as saving refuses them.
    const counts = await ctx.db.one<{ bound: number; without: number }>(
      `WITH mp AS (SELECT $1::bigint AS account_id, $2::boolean AS applies_to_hierarchy, to_jsonb($4::bigint[]) AS exceptions)
       SELECT count(*)::int AS bound,
              count(*) FILTER (WHERE NOT EXISTS (
                SELECT 1 FROM mfa_methods m WHERE m.user_id = u.account_id AND m.is_enabled
                   AND ($3::text[] IS NULL OR m.method_type = ANY ($3::text[]))))::int AS without
         FROM mp, users u JOIN accounts a ON a.id = u.account_id
        WHERE a.state <> 'Terminated' AND ${POLICY_BINDS}`,
      [company.id, hierarchy, allowed, named.map((row) => row.id)],
    );
    return {
      CompanyAccountId: company.id,
      InheritedFrom: inherited
        ? { AccountId: inherited.id, DisplayName: inherited.display_name, AllowedMethods: (inherited.allowed_methods as ('TOTP' | 'EMAIL' | 'PASSKEY')[] | null) ?? null }
        : null,
      Exceptions: named.map((row) => ({ AccountId: row.id, DisplayName: row.display_name, AccountType: row.account_type })),
      UsersBound: counts?.bound ?? 0,
      UsersWithoutMethod: counts?.without ?? 0,
    };
  },

  async GetUserMfaSummary(ctx, body) {
    const loaded = await loadUser(ctx.db, body.userAccountId);
    if (!loaded) throw fault(404, 'identity.userUnknown');
    const types = [...new Set(loaded.user.UserAuthenticationMethods.map((method) => method.Type))] as ('TOTP' | 'EMAIL' | 'PASSKEY')[];
    return { HasMfa: types.length > 0, Types: types.sort(), MustSetupMfa: loaded.user.MustSetupMfa };
  },
});
