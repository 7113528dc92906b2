/**
 * Account service, layout half: view layouts (GetViewLayout), the options of
 * enum fields, remote field checks, custom-action defaults and product meta
 * rules. Layout files: screen-definitions/layouts (see server/forms/).
 */
import { assertAccountsInScope } from '../../auth/access';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { fieldType, viewOf } from '../../forms/check-values';
import { enumOptions } from '../../forms/enum-sources';
import type { LayoutFileField } from '../../forms/layout-file-schema';
import { findLayout, layoutCatalogue, servedLayout } from '../../forms/layout-registry';
import { hiddenFieldNames, withoutFields } from '../../forms/resolve-layout';
import { hasCapability } from '../../auth/session-user';
import { layoutTextLookup } from '../../forms/layout-texts';
import { nearestOrganisationPath } from '../../forms/organisations';
import { ruleProblem, uniqueProblem } from '../../forms/remote-rules';
import type { ServerTextKey } from '../../texts';
import { requireCaller, type ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';

export interface StoredAccount {
  id: number;
  account_type: string;
  product_name: string | null;
  state: string;
  path: string;
  parent_id: number | null;
  display_name: string;
  views: Record<string, Record<string, unknown>>;
}

export async function loadStoredAccount(db: Queryable, accountId: number): Promise<StoredAccount> {
  const row = await db.one<StoredAccount>(
    'SELECT id, account_type, product_name, state, path, parent_id, display_name, views FROM accounts WHERE id = $1',
    [accountId],
  );
  if (!row) throw fault(404, 'notFound');
  return { ...row, id: Number(row.id), parent_id: row.parent_id === null ? null : Number(row.parent_id) };
}

/** The fields of an account type's layouts the caller may not see (ReadCapability it lacks); none for a public call. */
export function hiddenFieldsFor(ctx: ServiceContext, accountType: string, productName: string | null | undefined): Set<string> {
  const capabilities = ctx.caller?.loaded.user.Capability ?? [];
  return hiddenFieldNames(layoutCatalogue(ctx), accountType, productName, (objectType, flag) => hasCapability(capabilities, objectType, flag));
}

/** Stored views without the values of hidden fields. */
export function withoutHiddenValues(views: Record<string, Record<string, unknown>>, hidden: ReadonlySet<string>): Record<string, Record<string, unknown>> {
  if (hidden.size === 0) return views;
  return Object.fromEntries(Object.entries(views).map(([view, values]) => [view, Object.fromEntries(Object.entries(values).filter(([name]) => !hidden.has(name)))]));
}

/** A field of an account type's layouts (generic and product), whatever the action. */
function layoutField(ctx: ServiceContext, accountType: string, productName: string | null | undefined, fieldName: string, viewName: string | null | undefined): LayoutFileField {
  const catalogue = layoutCatalogue(ctx);
  const generic = catalogue.generic.get(accountType)?.layout;
  if (!generic) throw fault(404, 'forms.layoutNotFound', { accountType });
  const product = accountType === 'Product' && productName ? catalogue.products.get(productName)?.layout : undefined;
  for (const layout of [product, generic]) {
    for (const page of layout?.Pages ?? [])
      for (const container of page.Containers)
        for (const field of container.Fields) if (field.Name === fieldName && (!viewName || viewOf(field) === viewName)) return field;
  }
  throw fault(400, 'forms.unknownField', { field: fieldName });
}

interface EnumRequest {
  accountId?: number | null;
  parentAccountId?: number | null;
  accountType: string;
  productName?: string | null;
  viewName?: string | null;
  fieldName: string;
  dependentValues?: Record<string, unknown> | null;
  searchText?: string | null;
}

async function fieldOptions(ctx: ServiceContext, request: EnumRequest) {
  const caller = requireCaller(ctx);
  const account = request.accountId ? await loadStoredAccount(ctx.db, request.accountId) : undefined;
  const parent = !account && request.parentAccountId ? await loadStoredAccount(ctx.db, request.parentAccountId) : undefined;
  const productName = request.productName ?? account?.product_name;
  const field = layoutField(ctx, request.accountType, productName, request.fieldName, request.viewName);
  const text = layoutTextLookup(ctx.locale);
  const catalogue = layoutCatalogue(ctx);
  const source = catalogue.products.get(productName ?? '')?.layout ?? catalogue.generic.get(request.accountType)!.layout;
  if (field.Options) return field.Options.map((option) => ({ Value: option.Value, DisplayName: text(source, option.Label) }));
  if (!field.RemoteEnum) throw fault(400, 'forms.unknownEnumField', { field: request.fieldName });
  const stored = account?.views?.[viewOf(field)] ?? {};
  const dependentValues = Object.fromEntries(
    (field.RemoteEnum.DependsOn ?? []).map((name) => [name, request.dependentValues?.[name] ?? stored[name] ?? null]),
  );
  return enumOptions(field.RemoteEnum.Source, {
    db: ctx.db,
    locale: ctx.locale,
    caller,
    anchorPath: account?.path ?? parent?.path ?? caller.loaded.scopePath,
    dependentValues,
    searchText: request.searchText,
  });
}

interface FieldValidation {
  FieldName: string;
  Value: string | number | boolean | null;
  AccountType: string;
  AccountId?: number | null;
  ProductName?: string | null;
  ViewName?: string | null;
}

async function checkField(ctx: ServiceContext, validation: FieldValidation, kind: 'unique' | 'any') {
  const caller = requireCaller(ctx);
  if (validation.AccountId) await assertAccountsInScope(ctx.db, caller, [validation.AccountId]);
  const account = validation.AccountId ? await loadStoredAccount(ctx.db, validation.AccountId) : undefined;
  if (account && account.account_type !== validation.AccountType) throw fault(400, 'forms.unknownField', { field: validation.FieldName });
  const field = layoutField(ctx, validation.AccountType, validation.ProductName ?? account?.product_name, validation.FieldName, validation.ViewName);
  const remote = field.RemoteValidation;
  // Only fields that declare a check may be probed (no fishing for other accounts' values).
  if (!remote || (kind === 'unique' && remote.Kind !== 'Unique') || !['String', 'Email'].includes(fieldType(field))) {
    throw fault(400, 'forms.remote.noRule', { field: validation.FieldName });
  }
  const value = typeof validation.Value === 'string' ? validation.Value : validation.Value === null ? '' : String(validation.Value);
  if (value.trim() === '') return { IsValid: true, Message: null };
  const target = { db: ctx.db, accountType: validation.AccountType, fieldName: field.Name, view: viewOf(field), accountId: account?.id ?? null };
  const problem = remote.Kind === 'Unique' ? await uniqueProblem(target, value) : await ruleProblem(remote.Rule, target, value);
  return { IsValid: problem === null, Message: problem ? ctx.t(problem.key as ServerTextKey, problem.values) : null };
}

/** Active subscriptions of a product in an organisation (for MaxPerCompany). */
export async function subscriptionsOfProduct(db: Queryable, organisationPath: string, productName: string): Promise<number> {
  const row = await db.one<{ count: number }>(
    `SELECT count(*)::int AS count FROM accounts
      WHERE account_type = 'Product' AND product_name = $2 AND state <> 'Terminated' AND path LIKE $1 || '/%'`,
    [organisationPath, productName],
  );
  return row?.count ?? 0;
}

export const layoutHandlers = defineHandlers('Account', {
  async GetViewLayout(ctx, body) {
    const layout = servedLayout(ctx, body.accountType, body.action ?? 'VIEW', body.productName, ctx.locale);
    return withoutFields(layout, hiddenFieldsFor(ctx, body.accountType, body.productName));
  },

  async GetEnumDataForField(ctx, body) {
    return fieldOptions(ctx, body);
  },

  async ResolveRemoteEnum(ctx, { enumRequest }) {
    const caller = requireCaller(ctx);
    await assertAccountsInScope(ctx.db, caller, [enumRequest.AccountId, enumRequest.ParentAccountId].filter((id): id is number => typeof id === 'number'));
    return fieldOptions(ctx, {
      accountId: enumRequest.AccountId,
      parentAccountId: enumRequest.ParentAccountId,
      accountType: enumRequest.AccountType,
      productName: enumRequest.ProductName,
      viewName: enumRequest.ViewName,
      fieldName: enumRequest.FieldName,
      dependentValues: enumRequest.DependentValues,
      searchText: enumRequest.SearchText,
    });
  },

  async ValidateUniqueField(ctx, { validation }) {
    return checkField(ctx, validation, 'unique');
  },

  async ValidateRemoteFieldWithResult(ctx, { validation }) {
    return checkField(ctx, validation, 'any');
  },

  async GetDefaultViewsForCustomAction(ctx, body) {
    const account = await loadStoredAccount(ctx.db, body.accountId);
    const layout = findLayout(ctx, account.account_type, body.action, account.product_name);
    if (layout.pages.length === 0) throw fault(404, 'forms.noPages');
    const views: Record<string, Record<string, unknown>> = {};
    for (const { field } of layout.fields.values()) {
      const view = viewOf(field);
      const stored = account.views?.[view]?.[field.Name];
      const value = stored ?? field.Default;
      if (value !== undefined) (views[view] ??= {})[field.Name] = value;
    }
    return views;
  },

  async GetProductMetaRules(ctx, body) {
    const caller = requireCaller(ctx);
    const account = body.accountid ? await loadStoredAccount(ctx.db, body.accountid) : undefined;
    const parent = !account && body.parentAccountId ? await loadStoredAccount(ctx.db, body.parentAccountId) : undefined;
    const productName = body.productName ?? account?.product_name;
    if (!productName) throw fault(400, 'account.productRequired');
    const known = await ctx.db.one('SELECT 1 FROM services WHERE display_name = $1', [productName]);
    if (!known) throw fault(404, 'account.unknownProduct', { product: productName });
    const rules = layoutCatalogue(ctx).products.get(productName)?.layout.MetaRules ?? {};
    const organisation = await nearestOrganisationPath(ctx.db, account?.path ?? parent?.path ?? caller.loaded.scopePath);
    return {
      ProductName: productName,
      MinQuantity: rules.MinQuantity ?? null,
      MaxQuantity: rules.MaxQuantity ?? null,
      MaxPerCompany: rules.MaxPerCompany ?? null,
      ExistingCount: await subscriptionsOfProduct(ctx.db, organisation, productName),
    };
  },
});

