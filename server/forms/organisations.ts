/**
 * Organisations: the account types whose layouts say `Organisation` (they hold users, roles and
 * security settings — Company, Reseller and Vendor in the shipped layouts, and any type a product
 * owner adds so). Read from the served layouts, never named in code (issue 33).
 */
import type { Queryable } from '../db/db';
import { servedTypes } from './account-types';

export const organisationTypes = (): string[] => [...servedTypes().values()].filter((type) => type.organisation).map((type) => type.accountType);

/** The path of the nearest organisation on or above a path (the path itself when there is none). */
export async function nearestOrganisationPath(db: Queryable, path: string): Promise<string> {
  const row = await db.one<{ path: string }>(
    `SELECT path FROM accounts WHERE id = ANY (string_to_array($1, '/')::bigint[]) AND account_type = ANY ($2::text[])
      ORDER BY length(path) DESC LIMIT 1`,
    [path, organisationTypes()],
  );
  return row?.path ?? path;
}
