/**
 * Server-side checks of field values that need the database or reference data:
 * uniqueness among accounts of a type, and the named rules layouts may use
 * (RemoteValidation Rule): VAT number format, host names and Microsoft 365
 * tenant domains (both unique among subscriptions).
 */
import type { Queryable } from '../db/db';
import type { RemoteRuleName } from './enum-source-names';
import { OTHER_TAX_ID, VAT_FORMATS } from './reference-lists';
import type { ValueProblem } from './validate-value';

export interface RemoteCheckTarget {
  db: Queryable;
  accountType: string;
  fieldName: string;
  view: string;
  /** The account being edited: its own value is never a duplicate. */
  accountId: number | null;
}

function sqlIdentifier(name: string): string {
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) throw new Error(`not a field name: ${name}`);
  return name;
}

/** Is the value held by another live account of the type? (Usernames also count across all sign-ins.) */
export async function isTaken(target: RemoteCheckTarget, value: string): Promise<boolean> {
  // Names inlined (checked identifiers) so the expression indexes of migration 0005 apply.
  const view = sqlIdentifier(target.view);
  const field = sqlIdentifier(target.fieldName);
  const row = await target.db.one(
    `SELECT 1 FROM accounts
      WHERE account_type = $1 AND lower(views -> '${view}' ->> '${field}') = lower($3)
        AND state <> 'Terminated' AND id <> coalesce($2::bigint, 0)
      LIMIT 1`,
    [target.accountType, target.accountId, value.trim()],
  );
  if (row) return true;
  if (target.accountType === 'User' && target.fieldName === 'Username') {
    return Boolean(await target.db.one('SELECT 1 FROM users WHERE lower(username) = lower($1) AND account_id <> coalesce($2::bigint, 0)', [value.trim(), target.accountId]));
  }
  return false;
}

const problem = (name: string): ValueProblem => ({ key: `forms.remote.${name}` });

export async function uniqueProblem(target: RemoteCheckTarget, value: string): Promise<ValueProblem | null> {
  return (await isTaken(target, value)) ? problem('notUnique') : null;
}

const HOSTNAME = /^[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TENANT = /^[a-z0-9]{3,27}$/;

export async function ruleProblem(rule: RemoteRuleName, target: RemoteCheckTarget, value: string): Promise<ValueProblem | null> {
  const text = value.trim();
  switch (rule) {
    case 'VatNumber': {
      const prefix = text.slice(0, 2);
      const format = /^[A-Z]{2}/.test(text) ? VAT_FORMATS[prefix] : OTHER_TAX_ID;
      return format?.test(text) ? null : problem('vatNumber');
    }
    case 'Hostname':
      if (!HOSTNAME.test(text)) return problem('hostname');
      return (await isTaken(target, text)) ? problem('hostnameTaken') : null;
    case 'TenantDomain':
      if (!TENANT.test(text)) return problem('tenantDomain');
      return (await isTaken(target, text)) ? problem('tenantDomainTaken') : null;
  }
}
