import { withImpliedCapabilities, type Capability, type SessionUser } from '../../contract';
import type { Queryable } from '../db/db';
import { heldCapabilitiesSql } from './held-roles';

interface AccountRow {
  id: number;
  account_type: string;
  display_name: string;
  path: string;
  views: { Values?: Record<string, unknown> } | null;
}

interface UserRow {
  account: AccountRow;
  parent_path: string;
  username: string;
  language: string;
  last_logon: string | null;
  company: AccountRow | null;
  capabilities: Capability[];
  methods: { Id: number; Type: string; Name: string; IsPrimary: boolean; IsEnabled: boolean }[];
  mfa_enforced: boolean;
  allowed_lists: string[][];
}

/**
 * Everything the session user needs, in one round trip: the user's account,
 * its company (nearest Company/Reseller/Vendor above it), the union of its
 * roles' capabilities (only roles owned on its path: held-roles.ts), its enabled MFA methods and whether a policy forces MFA.
 */
/** An exception exempts the account named and all below it (a user, or a department and its users; issue 23). */
const EXCEPTED = `EXISTS (SELECT 1 FROM jsonb_array_elements(mp.exceptions) e WHERE e::text = ANY (string_to_array(a.path, '/')))`;

/**
 * Whether MFA policy row `mp` binds user account `a`: a company policy binds the users directly in the
 * company (not those in its departments), a hierarchy policy everyone below it; exceptions exempt
 * themselves and what is below them. The one rule for sign-in (MustSetupMfa here) and for the count
 * the policy screen shows (GetMfaPolicyOverview), so the screen says what sign-in will do.
 */
export const POLICY_BINDS = `((mp.account_id = a.parent_id
        OR (mp.applies_to_hierarchy AND mp.account_id = ANY (string_to_array(a.path, '/')::bigint[])))
       AND NOT ${EXCEPTED})`;

const USER_SQL = `
SELECT to_jsonb(a) - 'views' || jsonb_build_object('views', a.views) AS account,
       coalesce(p.path, a.path) AS parent_path,
       u.username, u.language, u.last_logon,
       (SELECT to_jsonb(c) FROM accounts c
         WHERE c.id = ANY (string_to_array(a.path, '/')::bigint[])
           AND c.account_type IN ('Company', 'Reseller', 'Vendor')
         ORDER BY length(c.path) DESC LIMIT 1) AS company,
       ${heldCapabilitiesSql('u.account_id', 'a.path')} AS capabilities,
       (SELECT coalesce(jsonb_agg(jsonb_build_object('Id', m.id, 'Type', m.method_type, 'Name', m.name,
                 'IsPrimary', m.is_primary, 'IsEnabled', m.is_enabled) ORDER BY m.is_primary DESC, m.id), '[]'::jsonb)
          FROM mfa_methods m WHERE m.user_id = u.account_id AND m.is_enabled) AS methods,
       EXISTS (SELECT 1 FROM mfa_policies mp WHERE mp.enforced AND ${POLICY_BINDS}) AS mfa_enforced,
       -- The kinds each binding policy allows (a policy may demand passkeys only): a method counts if all allow it.
       (SELECT coalesce(jsonb_agg(mp.allowed_methods), '[]'::jsonb) FROM mfa_policies mp
         WHERE mp.enforced AND mp.allowed_methods IS NOT NULL AND ${POLICY_BINDS}) AS allowed_lists
  FROM users u
  JOIN accounts a ON a.id = u.account_id
  LEFT JOIN accounts p ON p.id = a.parent_id
 WHERE u.account_id = $1`;

export interface LoadedUser {
  user: Omit<SessionUser, 'SessionId' | 'ImpersonatorAccountId' | 'ImpersonatorAccount' | 'MfaRequired'>;
  /** Where the user may reach: its parent account's path (its company or department). */
  scopePath: string;
  /** The MFA kinds every binding policy allows (a passkey-only policy: ['PASSKEY']); absent: any. */
  allowedMfaTypes?: string[];
}

function summary(account: AccountRow, extra: Record<string, unknown> = {}) {
  return {
    AccountId: account.id,
    AccountType: account.account_type,
    Views: { Values: { ...(account.views?.Values ?? {}), DisplayName: account.display_name, ...extra } },
  };
}

const ALL_MFA_TYPES = ['TOTP', 'EMAIL', 'PASSKEY'];

export const hasCapability = (capabilities: Capability[], objectType: string, flag: 'Read' | 'Execute' | 'Create' | 'Delete') =>
  capabilities.some((capability) => capability.ObjectType === objectType && capability[flag] === true);

export async function loadUser(db: Queryable, userId: number): Promise<LoadedUser | undefined> {
  const row = await db.one<UserRow>(USER_SQL, [userId]);
  if (!row) return undefined;
  const hasMethod = row.methods.some((method) => row.allowed_lists.every((allowed) => allowed.includes(method.Type)));
  const allowedMfaTypes = row.allowed_lists.length === 0 ? undefined : ALL_MFA_TYPES.filter((type) => row.allowed_lists.every((allowed) => allowed.includes(type)));
  return {
    scopePath: row.parent_path,
    ...(allowedMfaTypes ? { allowedMfaTypes } : {}),
    user: {
      UserAccountId: row.account.id,
      Username: row.username,
      UserAuthenticationMethods: row.methods,
      MustSetupMfa: row.mfa_enforced && !hasMethod,
      // With what each capability implies (contract/capability-implications.ts): every check reads one list.
      Capability: withImpliedCapabilities(row.capabilities),
      UserAccount: summary(row.account, { Username: row.username }),
      CompanyAccount: row.company ? summary(row.company) : null,
      Category: row.company?.account_type ?? row.account.account_type,
      PaasType: null,
      PaasCountry: (row.company?.views?.Values?.Country as string | undefined) ?? null,
      PaasName: row.company?.display_name ?? null,
      AccountPath: row.parent_path,
      LastLogon: row.last_logon ? new Date(row.last_logon).toISOString() : null,
      Language: row.language,
    },
  };
}

/** The session user of spec §3 for a stored session (impersonation included). */
export async function sessionUser(
  db: Queryable,
  sessionId: string,
  loaded: LoadedUser,
  impersonatorId: number | null,
): Promise<SessionUser> {
  const impersonator = impersonatorId ? await loadUser(db, impersonatorId) : undefined;
  return {
    ...loaded.user,
    SessionId: sessionId,
    MfaRequired: false,
    ImpersonatorAccountId: impersonatorId,
    ImpersonatorAccount: impersonator ? impersonator.user.UserAccount : null,
  };
}
