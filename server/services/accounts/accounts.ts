/**
 * Account service, account half: LoadAccountById, and the extensions that save
 * accounts from their layouts (CreateAccount, UpdateAccount) with the MFA
 * step-up that protects MfaRequired fields (VerifyMfaStepUp). Every value is
 * checked against the layout on the server (server/forms/check-values.ts).
 */
import { nearestOrganisationPath } from '../../forms/organisations';
import { randomBytes, randomUUID } from 'node:crypto';
import { recordFailure, recordSuccess, remainingLockSeconds, throttleKeys, tooManyAttempts } from '../../auth/brute-force';
import { isWithin } from '../../auth/access';
import { verifyMfaCode } from '../../auth/mfa';
import { hashPassword } from '../../auth/passwords';
import { hasCapability } from '../../auth/session-user';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { checkValues, flattenViewValues, viewOf, type FieldProblem } from '../../forms/check-values';
import { isEmptyValue } from '../../../engine/shared/conditions';
import { findLayout, layoutCatalogue } from '../../forms/layout-registry';
import { layoutTextLookup } from '../../forms/layout-texts';
import { layoutCapabilityOf, type ResolvedLayout } from '../../forms/resolve-layout';
import type { ServerTextKey } from '../../texts';
import { requireCaller, type Caller, type ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';
import { emitEvent } from '../../webhooks/emit-event';
import { accountEvent } from '../../webhooks/domain-events';
import { MFA_STEP_UP_MINUTES } from '../../../contract/services/account-schemas';
import { hiddenFieldsFor, loadStoredAccount, subscriptionsOfProduct, withoutHiddenValues, type StoredAccount } from './layouts';

// How long a proven second factor unlocks MfaRequired fields: one number for server and client.
export { MFA_STEP_UP_MINUTES };

type Views = Record<string, Record<string, unknown>>;

/** An account as LoadAccountById returns it: Views and the ancestors the caller may see, root first. */
async function accountResult(ctx: ServiceContext, caller: Caller, accountOrId: number | StoredAccount) {
  const db = ctx.db;
  const account = typeof accountOrId === 'number' ? await loadStoredAccount(db, accountOrId) : accountOrId;
  const ancestorIds = account.path.split('/').map(Number).slice(0, -1);
  const ancestors = ancestorIds.length
    ? await db.query<{ id: number; account_type: string; display_name: string; path: string }>(
        'SELECT id, account_type, display_name, path FROM accounts WHERE id = ANY ($1::bigint[])',
        [ancestorIds],
      )
    : [];
  const byId = new Map(ancestors.map((row) => [Number(row.id), row]));
  const stored = withoutHiddenValues(account.views ?? {}, hiddenFieldsFor(ctx, account.account_type, account.product_name));
  const views: Views = { ...stored, Values: { ...(stored.Values ?? {}), DisplayName: account.display_name } };
  return {
    AccountId: account.id,
    AccountType: account.account_type,
    ProductName: account.product_name,
    AccountState: account.state,
    Views: views,
    Hierarchy: ancestorIds
      .map((id) => byId.get(id))
      .filter((row): row is NonNullable<typeof row> => row !== undefined && isWithin(row.path, caller.loaded.scopePath))
      .map((row) => ({ AccountId: Number(row.id), AccountType: row.account_type, DisplayName: row.display_name })),
  };
}

/**
 * A user reads where it is: its own account, the account it sits in (its department or company, the
 * top of its reach; the accounts screen opens there) and its organisation (GetCurrentUser has it
 * already). Any other account of its reach needs Read on the capability its type's layout names
 * (USER_ACCOUNT, COMPANY_ACCOUNT, …): reach alone let a user holding only LOGIN read every colleague.
 */
function requireAccountRead(ctx: ServiceContext, caller: Caller, account: StoredAccount) {
  const user = caller.loaded.user;
  const id = Number(account.id);
  if (id === Number(user.UserAccountId) || id === Number(user.CompanyAccount?.AccountId) || account.path === caller.loaded.scopePath) return;
  const capability = layoutCapabilityOf(layoutCatalogue(ctx), account.account_type, account.product_name);
  if (capability && hasCapability(user.Capability, capability, 'Read')) return;
  throw fault(403, 'forbidden');
}

export function requireLayoutCapability(caller: Caller, layout: ResolvedLayout, flag: 'Execute' | 'Create') {
  if (!layout.capability || !hasCapability(caller.loaded.user.Capability, layout.capability, flag)) throw fault(403, 'forbidden');
}

export function problemFault(ctx: ServiceContext, layout: ResolvedLayout, problem: FieldProblem) {
  const label = layoutTextLookup(ctx.locale)(problem.field.source, problem.field.field.Label);
  if (problem.key === 'forms.readOnlyField' || problem.key === 'forms.hiddenField') return fault(400, problem.key, { field: label });
  return fault(400, 'forms.fieldInvalid', { field: label, reason: ctx.t(problem.key as ServerTextKey, problem.values) });
}

/** The display name from the layout's template ("{Firstname} {Lastname}"). */
function displayNameOf(layout: ResolvedLayout, values: Map<string, unknown>, fallback: string): string {
  const template = layout.displayName ?? '{DisplayName}';
  const name = template.replace(/\{(\w+)\}/g, (_, field: string) => String(values.get(field) ?? '')).replace(/\s+/g, ' ').trim();
  return name || fallback;
}

/** MfaRequired fields need a code in the call or a step-up of this session in the last minutes. */
async function requireFreshMfa(ctx: ServiceContext, caller: Caller, code: string | null | undefined, methodId: number | null | undefined) {
  if (code) {
    await checkMfaWithThrottle(ctx, caller, code, methodId);
    return;
  }
  const fresh = await ctx.db.one(
    `SELECT 1 FROM sessions WHERE id_hash = $1 AND mfa_verified_at > now() - make_interval(mins => $2)`,
    [caller.sessionIdHash, MFA_STEP_UP_MINUTES],
  );
  if (!fresh) throw fault(403, 'account.mfaRequired');
}

async function checkMfaWithThrottle(ctx: ServiceContext, caller: Caller, code: string, methodId: number | null | undefined) {
  const keys = throttleKeys(caller.loaded.user.Username, ctx.request.ip);
  const locked = await remainingLockSeconds(ctx.db, keys);
  if (locked > 0) throw tooManyAttempts(locked);
  if (await verifyMfaCode(ctx.db, caller.loaded.user.UserAccountId, methodId, code.trim())) {
    await recordSuccess(ctx.db, keys);
    await ctx.db.query('UPDATE sessions SET mfa_verified_at = now() WHERE id_hash = $1', [caller.sessionIdHash]);
    return;
  }
  await recordFailure(ctx.db, ctx.config.identity.bruteForce, keys);
  await ctx.audit('MfaFailed', caller.loaded.user.UserAccountId, { purpose: 'step-up' });
  throw fault(401, 'mfaIncorrect');
}

const nextIdentificator = async (db: Queryable, prefix: string) =>
  `${prefix}-${(await db.one<{ n: string }>("SELECT nextval('account_identificator_seq')::text AS n"))!.n}`;

/** Values the server sets on a new subscription from the catalogue, whatever the client sent. */
async function productValues(db: Queryable, productName: string, parent: StoredAccount, values: Map<string, unknown>) {
  const service = await db.one<{ id: number; product_number: string; billing_rule: string; currency: string; vendor: string }>(
    `SELECT s.id, s.product_number, s.billing_rule, s.currency, v.display_name AS vendor
       FROM services s JOIN accounts v ON v.id = s.vendor_account_id WHERE s.display_name = $1`,
    [productName],
  );
  if (!service) throw fault(404, 'account.unknownProduct', { product: productName });
  const organisationPath = await nearestOrganisationPath(db, parent.path);
  const organisation = await db.one<{ currency: string | null; identificator: string | null; id: number }>(
    `SELECT id, views -> 'Values' ->> 'Currency' AS currency, views -> 'Values' ->> 'AccountIdentificator' AS identificator FROM accounts WHERE path = $1`,
    [organisationPath],
  );
  values.set('ProductName', productName);
  values.set('ProductNumber', service.product_number);
  values.set('ServiceId', Number(service.id));
  values.set('Vendor', service.vendor);
  values.set('SubscriptionId', randomUUID());
  values.set('BillingCycle', service.billing_rule);
  values.set('Currency', organisation?.currency ?? service.currency);
  if (isEmptyValue(values.get('StartDate'))) values.set('StartDate', new Date().toISOString().slice(0, 10));
  return { vendor: service.vendor, organisationPath, organisationId: organisation ? Number(organisation.id) : null, customerId: organisation?.identificator ?? null };
}

async function checkProductRules(ctx: ServiceContext, layout: ResolvedLayout, parent: StoredAccount, values: Map<string, unknown>) {
  const rules = layout.product?.MetaRules ?? {};
  const quantity = values.get('Quantity');
  const min = rules.MinQuantity ?? 1;
  const max = rules.MaxQuantity ?? Number.MAX_SAFE_INTEGER;
  if (typeof quantity === 'number' && (quantity < min || quantity > max)) throw fault(400, 'account.quantityRange', { min, max });
  if (rules.MaxPerCompany !== undefined) {
    const held = await subscriptionsOfProduct(ctx.db, await nearestOrganisationPath(ctx.db, parent.path), layout.productName ?? '');
    if (held >= rules.MaxPerCompany) throw fault(400, 'account.maxPerCompany', { product: layout.productName ?? '' });
  }
}

function viewsOf(layout: ResolvedLayout, values: Map<string, unknown>, skip: ReadonlySet<string>): Views {
  const views: Views = { Values: {} };
  for (const [name, value] of values) {
    if (skip.has(name) || value === undefined) continue;
    const field = layout.fields.get(name)?.field;
    (views[field ? viewOf(field) : 'Values'] ??= {})[name] = value;
  }
  return views;
}

export const accountHandlers = defineHandlers('Account', {
  async LoadAccountById(ctx, body) {
    const caller = requireCaller(ctx);
    const account = await loadStoredAccount(ctx.db, body.accountId);
    requireAccountRead(ctx, caller, account);
    return accountResult(ctx, caller, account);
  },

  async CreateAccount(ctx, body) {
    const caller = requireCaller(ctx);
    const productName = body.accountType === 'Product' ? body.productName?.trim() : null;
    if (body.accountType === 'Product' && !productName) throw fault(400, 'account.productRequired');
    const layout = findLayout(ctx, body.accountType, 'CREATE', productName);
    if (layout.pages.length === 0) throw fault(404, 'forms.noPages');
    requireLayoutCapability(caller, layout, 'Create');
    const parent = await loadStoredAccount(ctx.db, body.parentAccountId);
    if (parent.state === 'Terminated') throw fault(400, 'account.terminated');
    if (!layout.parentTypes.includes(parent.account_type)) {
      throw fault(400, 'account.parentTypeNotAllowed', { accountType: body.accountType, parentType: parent.account_type });
    }

    const { values: sent, unknown } = flattenViewValues(layout, body.viewValues);
    if (unknown) throw fault(400, 'forms.unknownField', { field: unknown });
    const values = new Map<string, unknown>();
    for (const { field } of layout.fields.values()) if (field.Default !== undefined) values.set(field.Name, field.Default);
    for (const [name, value] of sent) values.set(name, value);
    const context = { db: ctx.db, locale: ctx.locale, caller, anchorPath: parent.path, accountId: null };
    const problem = await checkValues(layout, values, new Set(sent.keys()), context);
    if (problem) throw problemFault(ctx, layout, problem);
    const needsMfa = [...sent].some(([name, value]) => layout.fields.get(name)?.field.MfaRequired && !isEmptyValue(value));
    if (needsMfa) await requireFreshMfa(ctx, caller, null, null);

    let order: Awaited<ReturnType<typeof productValues>> | undefined;
    if (productName) {
      await checkProductRules(ctx, layout, parent, values);
      order = await productValues(ctx.db, productName, parent, values);
    }
    const isUser = body.accountType === 'User';
    const roleId = isUser ? values.get('Role') : undefined;
    const newId = await ctx.db.transaction(async (tx) => {
      if (layout.identificatorPrefix) values.set('AccountIdentificator', await nextIdentificator(tx, layout.identificatorPrefix));
      const displayName = displayNameOf(layout, values, body.accountType);
      values.set('DisplayName', displayName);
      // A user's role is a grant (user_roles), not a value of the account.
      const views = viewsOf(layout, values, new Set(isUser ? ['Role'] : []));
      const row = await tx.one<{ id: number }>(
        `INSERT INTO accounts (parent_id, account_type, product_name, display_name, views, path)
         VALUES ($1, $2, $3, $4, $5, '') RETURNING id`,
        [parent.id, body.accountType, productName, displayName, JSON.stringify(views)],
      );
      const id = Number(row!.id);
      await tx.query('UPDATE accounts SET path = $2 WHERE id = $1', [id, `${parent.path}/${id}`]);
      if (isUser) {
        const username = String(values.get('Username'));
        const taken = await tx.one('SELECT 1 FROM users WHERE lower(username) = lower($1)', [username]);
        if (taken) throw fault(409, 'account.usernameTaken');
        // Nobody knows this password: the new user sets one through "Can't sign in?" (password reset).
        const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
        await tx.query('INSERT INTO users (account_id, username, password_hash, language) VALUES ($1, $2, $3, $4)', [
          id,
          username,
          passwordHash,
          String(values.get('Language') ?? 'en'),
        ]);
        await tx.query('INSERT INTO password_history (user_id, password_hash) VALUES ($1, $2)', [id, passwordHash]);
        if (typeof roleId === 'number') await tx.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)', [id, roleId]);
      }
      if (order) {
        await tx.query(
          `INSERT INTO provisioning_requests (account_id, company_account_id, account_path, customer_id, subscription_id, order_id,
                                              order_action, order_target, order_status, product_status)
           VALUES ($1, $2, $3, $4, $5, $6, 'Create', $7, 'Pending', 'Pending')`,
          [id, order.organisationId, `${parent.path}/${id}`, order.customerId, values.get('SubscriptionId'), `ORD-${new Date().getUTCFullYear()}-${id}`, order.vendor],
        );
      }
      if (isUser || order) await emitEvent(tx, accountEvent(isUser ? 'user.created' : 'subscription.created', { id, path: `${parent.path}/${id}`, displayName, productName })); // webhook
      return id;
    });
    await ctx.audit('AccountCreated', newId, { accountType: body.accountType, productName, parentAccountId: parent.id });
    return accountResult(ctx, caller, newId);
  },

  async UpdateAccount(ctx, body) {
    const caller = requireCaller(ctx);
    const account = await loadStoredAccount(ctx.db, body.accountId);
    if (account.state === 'Terminated') throw fault(400, 'account.terminated');
    const layout = findLayout(ctx, account.account_type, 'EDIT', account.product_name);
    requireLayoutCapability(caller, layout, 'Execute');
    const { values: sent, unknown } = flattenViewValues(layout, body.viewValues);
    if (unknown) throw fault(400, 'forms.unknownField', { field: unknown });

    const stored = new Map<string, unknown>();
    for (const { field } of layout.fields.values()) stored.set(field.Name, account.views?.[viewOf(field)]?.[field.Name]);
    stored.set('DisplayName', account.display_name);
    const changed = new Set([...sent.keys()].filter((name) => JSON.stringify(sent.get(name) ?? null) !== JSON.stringify(stored.get(name) ?? null)));
    if (changed.size === 0) return accountResult(ctx, caller, account.id);
    const merged = new Map(stored);
    for (const name of changed) merged.set(name, sent.get(name));

    const context = { db: ctx.db, locale: ctx.locale, caller, anchorPath: account.path, accountId: account.id };
    const problem = await checkValues(layout, merged, changed, context);
    if (problem) throw problemFault(ctx, layout, problem);
    if ([...changed].some((name) => layout.fields.get(name)?.field.MfaRequired)) await requireFreshMfa(ctx, caller, body.mfaToken, body.mfaMethodId);

    const changes: Views = {};
    for (const name of changed) (changes[viewOf(layout.fields.get(name)!.field)] ??= {})[name] = merged.get(name) ?? null;
    const displayName = displayNameOf(layout, merged, account.display_name);
    await ctx.db.transaction(async (tx) => {
      // Merged in SQL, field by field: a concurrent save of other fields is kept.
      for (const [view, fields] of Object.entries(changes)) {
        await tx.query(
          `UPDATE accounts SET views = jsonb_set(views, ARRAY[$2::text], coalesce(views -> $2, '{}'::jsonb) || $3::jsonb), updated_at = now()
            WHERE id = $1`,
          [account.id, view, JSON.stringify(fields)],
        );
      }
      await tx.query(
        `UPDATE accounts SET display_name = $2, views = jsonb_set(views, '{Values,DisplayName}', to_jsonb($2::text)) WHERE id = $1`,
        [account.id, displayName],
      );
      if (account.account_type === 'User' && changed.has('Language')) {
        await tx.query('UPDATE users SET language = $2 WHERE account_id = $1', [account.id, String(merged.get('Language'))]);
      }
      if (account.account_type === 'Product') await emitEvent(tx, accountEvent('subscription.changed', { id: account.id, path: account.path, displayName, productName: account.product_name }, { fields: [...changed].sort() })); // webhook
    });
    await ctx.audit('AccountUpdated', account.id, { fields: [...changed].sort() });
    return accountResult(ctx, caller, account.id);
  },

  async VerifyMfaStepUp(ctx, body) {
    const caller = requireCaller(ctx);
    if (caller.loaded.user.UserAuthenticationMethods.length === 0) throw fault(400, 'account.noMfaMethod');
    await checkMfaWithThrottle(ctx, caller, body.mfaToken, body.mfaMethodId);
    return { ValidUntil: new Date(Date.now() + MFA_STEP_UP_MINUTES * 60_000).toISOString() };
  },
});
