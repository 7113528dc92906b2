/**
 * Existing accounts a layout change would leave with invalid stored values: a
 * field newly required (always, or on EDIT) that they leave empty, an option
 * removed that they hold.
 */
import type { Queryable } from '../../db/db';
import { productsOf } from './studio-scope';

interface Field {
  Name: string;
  View?: string;
  Required?: boolean | string[];
  Options?: { Value: unknown }[];
}

function fieldsOf(content: unknown): Map<string, Field> {
  const fields = new Map<string, Field>();
  const pages = (content as { Pages?: { Containers?: { Fields?: Field[] }[] }[] } | undefined)?.Pages ?? [];
  for (const page of pages) for (const container of page.Containers ?? []) for (const field of container.Fields ?? []) fields.set(field.Name, field);
  return fields;
}

const requiredOnEdit = (field: Field | undefined) => field?.Required === true || (Array.isArray(field?.Required) && field.Required.includes('EDIT'));

export async function countAffectedAccounts(db: Queryable, before: unknown, after: unknown) {
  const accountType = String((after as { AccountType?: unknown }).AccountType ?? '');
  const products = productsOf(after) ?? null;
  const old = fieldsOf(before);
  const checks: { field: string; reason: 'required' | 'optionRemoved'; sql: string; params: unknown[] }[] = [];
  for (const [name, field] of fieldsOf(after)) {
    const view = field.View ?? 'Values';
    const previous = old.get(name);
    if (requiredOnEdit(field) && !requiredOnEdit(previous)) {
      checks.push({ field: name, reason: 'required', sql: `coalesce(views -> $3 ->> $4, '') = ''`, params: [view, name] });
    }
    if (previous?.Options && field.Options) {
      const kept = new Set(field.Options.map((option) => JSON.stringify(option.Value)));
      const removed = previous.Options.map((option) => option.Value).filter((value) => !kept.has(JSON.stringify(value)));
      if (removed.length) {
        checks.push({ field: name, reason: 'optionRemoved', sql: `(views -> $3 -> $4) <@ $5::jsonb`, params: [view, name, JSON.stringify(removed)] });
      }
    }
  }
  const base = `SELECT id FROM accounts WHERE account_type = $1 AND state <> 'Terminated' AND ($2::text[] IS NULL OR product_name = ANY($2::text[]))`;
  const reasons = [];
  const all = new Set<number>();
  for (const check of checks) {
    const rows = await db.query<{ id: number }>(`${base} AND ${check.sql}`, [accountType, products, ...check.params]);
    rows.forEach((row) => all.add(Number(row.id)));
    if (rows.length) reasons.push({ Field: check.field, Reason: check.reason, Count: rows.length });
  }
  return { Count: all.size, Reasons: reasons };
}
