/**
 * Which roles a user at an account may be given (issue 16): roles owned by the
 * user's organisation or an account above it, meant for that organisation's
 * kind (roles.account_types, migration 0021), and — for what a caller offers —
 * only roles granting nothing the caller lacks. The new-user form's role list
 * (enum source Roles), Security/GetAssignableRoles, CreateAccount
 * (through the enum check) and SetRolesForUser all use these two functions.
 */
import type { Capability } from '../../../contract';
import type { Queryable } from '../../db/db';

/** The kind of the root organisation (the platform), which has no account type of its own. */
export const PLATFORM_KIND = 'Platform';

export interface AssignableRole {
  id: number;
  name: string;
  capabilities: Capability[];
}

/**
 * Roles meant for a user placed at `anchorPath` (the user's account or the parent of a new
 * one): owned on the path, and meant for the kind of the nearest organisation on it.
 */
export async function rolesMeantFor(db: Queryable, anchorPath: string, roleIds?: readonly number[]): Promise<AssignableRole[]> {
  const rows = await db.query<{ id: number; name: string; capabilities: Capability[] }>(
    `WITH organisation AS (
       SELECT CASE WHEN a.parent_id IS NULL THEN '${PLATFORM_KIND}' ELSE a.account_type END AS kind
         FROM accounts a
        WHERE a.id = ANY (string_to_array($1, '/')::bigint[]) AND a.account_type IN ('Company', 'Reseller', 'Vendor')
        ORDER BY length(a.path) DESC LIMIT 1
     )
     SELECT r.id, r.name, coalesce(jsonb_agg(cap) FILTER (WHERE cap IS NOT NULL), '[]'::jsonb) AS capabilities
       FROM roles r
       LEFT JOIN role_capability_sets rcs ON rcs.role_id = r.id
       LEFT JOIN capability_sets cs ON cs.id = rcs.capability_set_id
       LEFT JOIN LATERAL jsonb_array_elements(cs.capabilities) cap ON true
      WHERE r.owner_account_id = ANY (string_to_array($1, '/')::bigint[])
        AND (r.account_types IS NULL OR (SELECT kind FROM organisation) = ANY (r.account_types))
        AND ($2::bigint[] IS NULL OR r.id = ANY ($2::bigint[]))
      GROUP BY r.id, r.name
      ORDER BY lower(r.name), r.id`,
    [anchorPath, roleIds ? [...roleIds] : null],
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name, capabilities: row.capabilities }));
}

/** A role may be given only by someone holding every capability in it (no privilege escalation). */
export function holdsAll(mine: readonly Capability[], role: readonly Capability[]): boolean {
  const flags = ['Read', 'Execute', 'Create', 'Delete'] as const;
  return role.every((wanted) =>
    mine.some(
      (held) =>
        held.ObjectType === wanted.ObjectType &&
        flags.every((flag) => !wanted[flag] || held[flag] === true) &&
        (wanted.Value === undefined || held.Value === wanted.Value),
    ),
  );
}

/** The roles a caller holding `mine` may give a user at `anchorPath`. */
export async function assignableRoles(db: Queryable, anchorPath: string, mine: readonly Capability[]): Promise<AssignableRole[]> {
  return (await rolesMeantFor(db, anchorPath)).filter((role) => holdsAll(mine, role.capabilities));
}
