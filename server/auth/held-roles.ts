/**
 * Which of a user's stored roles count (issue 20, item 1): a role owned by account X grants only
 * inside X's subtree, so a user holds it only while X lies on the user's own account path (X is
 * the user's ancestor). Assignments are refused elsewhere (rolesMeantFor) and migration 0027 removed
 * the bad ones, but an account move can still leave a user below another owner; whatever reads a
 * user's capabilities (the session user, the lockout guards) applies this condition, so such a
 * stored row grants nothing.
 */

/** SQL condition: the role owner `ownerIdSql` is on the account path `userPathSql` (both SQL expressions). */
export const roleOwnerOnPath = (ownerIdSql: string, userPathSql: string) =>
  `${ownerIdSql} = ANY (string_to_array(${userPathSql}, '/')::bigint[])`;

/**
 * SQL subquery: the capability entries (jsonb array, each entry once) a user holds through the roles
 * that count, for the user `userIdSql` at account path `userPathSql`.
 */
export const heldCapabilitiesSql = (userIdSql: string, userPathSql: string) => `(SELECT coalesce(jsonb_agg(DISTINCT cap), '[]'::jsonb)
          FROM user_roles ur
          JOIN roles r ON r.id = ur.role_id AND ${roleOwnerOnPath('r.owner_account_id', userPathSql)}
          JOIN role_capability_sets rcs ON rcs.role_id = ur.role_id
          JOIN capability_sets cs ON cs.id = rcs.capability_set_id,
               jsonb_array_elements(cs.capabilities) cap
         WHERE ur.user_id = ${userIdSql})`;
