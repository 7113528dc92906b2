/**
 * Account/GetUpgradeProcessValues: the target product's values as a layout
 * form (CREATE for a new subscription, EDIT for an existing one beside the
 * source), pre-filled from the source where field names match, checked by the
 * layout rules, and stored as a pending upgrade process (30 minutes).
 */
import { nearestOrganisationPath } from '../../forms/organisations';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { checkValues, flattenViewValues, viewOf } from '../../forms/check-values';
import { findLayout } from '../../forms/layout-registry';
import type { ResolvedLayout } from '../../forms/resolve-layout';
import { problemFault, requireLayoutCapability } from '../accounts/accounts';
import { requireCaller, type ServiceContext } from '../context';
import { loadStoredAccount, subscriptionsOfProduct, type StoredAccount } from '../accounts/layouts';
import { loadUpgradeSource, quantityOf, siblingSubscriptions, upgradeOffers } from './upgrade-offers';

export const PROCESS_MINUTES = 30;

/** Values the server owns on a subscription: never copied from the source nor taken from the form. */
export const SERVER_OWNED = new Set([
  'ProductName',
  'ProductNumber',
  'ServiceId',
  'SubscriptionId',
  'AccountIdentificator',
  'DisplayName',
  'Vendor',
  'BillingCycle',
  'Currency',
  'TerminationReason',
  'TerminationDate',
  'SendToSdp',
]);

/** Values a new target does not take from its source: it starts today (a start date may not lie in the past), not when the source did. */
const NOT_COPIED = new Set(['StartDate']);

type Views = Record<string, Record<string, unknown>>;
export type Variant = 'Full' | 'Partial';

interface PrepareBody {
  sourceAccountId: number;
  targetProductName: string;
  targetAccountId?: number | null;
  viewValues?: Views | null;
}

/** The reserved view of `viewValues` saying how the upgrade is done: `{ UpgradeProcess: { Variant } }` (spec §7 has no parameter for it). */
export const PROCESS_VIEW = 'UpgradeProcess';

function variantOf(views: Views | null | undefined): Variant {
  const value = views?.[PROCESS_VIEW]?.Variant;
  if (value === undefined || value === null) return 'Full';
  if (value === 'Full' || value === 'Partial') return value;
  throw fault(400, 'upgrade.invalidVariant');
}

export interface ProcessRow {
  id: number;
  source_account_id: number;
  target_service_id: number;
  target_product_name: string;
  target_account_id: number | null;
  variant: Variant;
  views: Views;
  created_by: number | null;
  expires_at: Date | string;
  status: string;
}

function viewsOf(layout: ResolvedLayout, values: Map<string, unknown>): Views {
  const views: Views = { Values: {} };
  for (const [name, value] of values) {
    if (value === undefined || value === null) continue;
    const field = layout.fields.get(name)?.field;
    (views[field ? viewOf(field) : 'Values'] ??= {})[name] = value;
  }
  return views;
}

const stored = (account: StoredAccount, layout: ResolvedLayout, name: string) => {
  const field = layout.fields.get(name)?.field;
  return account.views?.[field ? viewOf(field) : 'Values']?.[name];
};

/** The existing target: the one named (an active subscription of the product beside the source), else the sibling of that product. */
async function existingTarget(db: Queryable, source: StoredAccount, productName: string, targetAccountId: number | null | undefined) {
  if (targetAccountId) {
    const target = await loadStoredAccount(db, targetAccountId);
    if (target.account_type !== 'Product' || target.product_name !== productName || target.parent_id !== source.parent_id || target.state !== 'Active') {
      throw fault(400, 'upgrade.targetMismatch', { product: productName });
    }
    return target;
  }
  const sibling = (await siblingSubscriptions(db, source)).get(productName);
  return sibling ? loadStoredAccount(db, sibling) : undefined;
}

export async function prepareUpgrade(ctx: ServiceContext, request: PrepareBody) {
  const caller = requireCaller(ctx);
  const variant = variantOf(request.viewValues);
  const { [PROCESS_VIEW]: _process, ...values } = request.viewValues ?? {};
  // Only the variant sent: as if no values were sent (the form is pre-filled from the source).
  const body: PrepareBody = { ...request, viewValues: Object.keys(values).length > 0 ? values : null };
  const source = await loadUpgradeSource(ctx.db, body.sourceAccountId);
  const { targets } = await upgradeOffers(ctx.db, source);
  const service = targets.find((row) => row.display_name === body.targetProductName);
  if (!service) throw fault(400, 'upgrade.notOffered', { product: body.targetProductName });
  const target = await existingTarget(ctx.db, source, service.display_name, body.targetAccountId);
  const action = target ? 'EDIT' : 'CREATE';
  const layout = findLayout(ctx, 'Product', action, service.display_name);
  if (layout.pages.length === 0) throw fault(404, 'forms.noPages');
  requireLayoutCapability(caller, layout, target ? 'Execute' : 'Create');

  const sourceQuantity = quantityOf(source);
  const movedDefault = variant === 'Full' ? sourceQuantity : Math.floor(sourceQuantity / 2);
  // Pre-fill: the existing target's values, else the layout defaults overwritten by the source's values of the same name.
  const prefilled = new Map<string, unknown>();
  for (const { field } of layout.fields.values()) {
    const value = target
      ? stored(target, layout, field.Name)
      : SERVER_OWNED.has(field.Name) || NOT_COPIED.has(field.Name)
        ? field.Default
        : (stored(source, layout, field.Name) ?? field.Default);
    if (value !== undefined) prefilled.set(field.Name, value);
  }
  if (!target) prefilled.set('ProductName', service.display_name);
  prefilled.set('Quantity', (target ? quantityOf(target) : 0) + Math.max(movedDefault, 1));

  const merged = new Map(prefilled);
  let changed: Set<string>;
  if (body.viewValues) {
    const { values: sent, unknown } = flattenViewValues(layout, body.viewValues);
    if (unknown) throw fault(400, 'forms.unknownField', { field: unknown });
    changed = new Set([...sent.keys()].filter((name) => JSON.stringify(sent.get(name) ?? null) !== JSON.stringify(prefilled.get(name) ?? null)));
    for (const name of changed) merged.set(name, sent.get(name));
  } else changed = new Set();
  // A new subscription's values are all judged (they were copied from another product); an existing one's only where changed.
  const judged = target ? changed : new Set([...merged.keys()].filter((name) => !layout.fields.get(name)?.readOnly || changed.has(name)));
  const context = { db: ctx.db, locale: ctx.locale, caller, anchorPath: source.path, accountId: target?.id ?? source.id };
  const problem = await checkValues(layout, merged, judged, context);
  const problemText = problem ? problemFault(ctx, layout, problem) : undefined;
  if (problemText && body.viewValues) throw problemText;

  const quantity = Number(merged.get('Quantity'));
  const rules = layout.product?.MetaRules ?? {};
  const min = rules.MinQuantity ?? 1;
  const max = rules.MaxQuantity ?? Number.MAX_SAFE_INTEGER;
  if (!Number.isInteger(quantity) || quantity < min || quantity > max) throw fault(400, 'account.quantityRange', { min, max });
  const moved = quantity - (target ? quantityOf(target) : 0);
  if (moved < 1) throw fault(400, 'upgrade.nothingMoved');
  const sourceQuantityAfter = variant === 'Full' ? 0 : sourceQuantity - moved;
  if (variant === 'Partial' && sourceQuantityAfter < 1) throw fault(400, 'upgrade.partialQuantity', { quantity: sourceQuantity });
  if (!target && rules.MaxPerCompany !== undefined) {
    const held = await subscriptionsOfProduct(ctx.db, await nearestOrganisationPath(ctx.db, source.path), service.display_name);
    if (held >= rules.MaxPerCompany) throw fault(400, 'account.maxPerCompany', { product: service.display_name });
  }

  const views = viewsOf(layout, merged);
  // Prepared upgrades nobody executed are of no use once expired: each new one clears the old ones away.
  await ctx.db.query(`DELETE FROM account_upgrade_processes WHERE status = 'Prepared' AND expires_at < now() - interval '1 day'`);
  const row = await ctx.db.one<{ id: number; expires_at: Date | string }>(
    `INSERT INTO account_upgrade_processes (source_account_id, target_service_id, target_product_name, target_account_id, variant, views, ready, created_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(mins => $9)) RETURNING id, expires_at`,
    [source.id, service.id, service.display_name, target?.id ?? null, variant, JSON.stringify(views), !problem, caller.loaded.user.UserAccountId, PROCESS_MINUTES],
  );
  return {
    UpgradeProcessId: Number(row!.id),
    SourceAccountId: source.id,
    TargetProductName: service.display_name,
    TargetAccountId: target?.id ?? null,
    Variant: variant,
    Action: action,
    Views: views,
    Ready: !problem,
    Problem: problemText?.textKey ? ctx.t(problemText.textKey, problemText.values) : null,
    SourceQuantity: sourceQuantity,
    SourceQuantityAfter: sourceQuantityAfter,
    ExpiresAt: new Date(row!.expires_at).toISOString(),
  };
}
