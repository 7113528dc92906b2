/**
 * A layout source as users would get it: the view layout GetViewLayout would
 * serve (preview), and what each role sees of each field (review matrix, from
 * the engine's form model with the role's capabilities).
 */
import { layoutToFormModel, type FormMode } from '../../../engine/forms/form-model';
import type { Capability } from '../../../contract/capabilities';
import type { ViewLayout } from '../../../contract/services/account-schemas';
import type { LayoutReview } from '../../../contract/services/studio';
import { fault } from '../../fault';
import { isServerTextKey, layoutTextLookup } from '../../forms/layout-texts';
import { translator } from '../../texts';
import { layoutCapabilityOf, resolveLayout, toViewLayout } from '../../forms/resolve-layout';
import { resolveWizard } from '../../forms/resolve-wizard';
import { requireCaller, type ServiceContext } from '../context';
import { catalogueWith } from './definition-checks';
import { productsOf, type StudioScope } from './studio-scope';

type Action = 'VIEW' | 'EDIT' | 'CREATE';
const MODES: Record<Action, FormMode> = { VIEW: 'view', EDIT: 'edit', CREATE: 'create' };
const MAX_ROLES = 40;
/** The matrix needs no renderer: one that fits every field. */
const ANY_RENDERER = [{ name: 'any', tester: () => 1 }];

export function previewLayout(ctx: ServiceContext, name: string, content: unknown, action: Action, productName?: string): ViewLayout {
  const { catalogue } = catalogueWith(ctx, name, content);
  // A wizard (issue 22) is served by name: its steps are its CREATE pages, whatever the action.
  if ((content as { Wizard?: unknown }).Wizard !== undefined) return resolveWizard(catalogue, name, layoutTextLookup(ctx.locale)).Layout;
  const accountType = String((content as { AccountType?: unknown }).AccountType ?? '');
  const products = productsOf(content);
  const product = products ? (productName && products.includes(productName) ? productName : products[0]) : undefined;
  const resolved = resolveLayout(catalogue, accountType, action, product);
  if (resolved.pages.length === 0) throw fault(404, 'forms.noPages');
  return toViewLayout(resolved, layoutTextLookup(ctx.locale));
}

/**
 * What the browser needs to compute the preview of later edits itself
 * (engine/studio/draft-layout.ts): the generic Product containers a
 * product page starts with, and the server text keys the layout names, translated.
 */
export function previewBasis(ctx: ServiceContext, name: string, content: unknown, action: Action, served: ViewLayout) {
  const serverTexts: Record<string, string> = {};
  const t = translator(ctx.locale);
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      if (isServerTextKey(value)) serverTexts[value] = t(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(content);
  let generic: ViewLayout['Pages'][number]['Containers'] | null = null;
  if (productsOf(content)) {
    const { catalogue } = catalogueWith(ctx, name, content);
    try {
      generic = toViewLayout(resolveLayout(catalogue, 'Product', action, undefined), layoutTextLookup(ctx.locale)).Pages[0]?.Containers ?? [];
    } catch {
      generic = [];
    }
  }
  return { Generic: generic, ServerTexts: serverTexts, Capability: served.Capability };
}

/** A sample account for the preview: every default of the layout (as CREATE gives them), by view. */
export function sampleViews(ctx: ServiceContext, name: string, content: unknown): Record<string, Record<string, unknown>> {
  const views: Record<string, Record<string, unknown>> = {};
  let layout: ViewLayout;
  try {
    layout = previewLayout(ctx, name, content, 'CREATE');
  } catch {
    return views;
  }
  for (const page of layout.Pages)
    for (const container of page.Containers)
      for (const field of container.Fields) if (field.Value !== undefined) (views[field.View ?? 'Values'] ??= {})[field.Name] = field.Value;
  return views;
}

/** The roles defined on or below the caller's reach (a vendor: its own), with their capabilities. */
/** The roles owned within the caller's studio reach, with their capabilities (the preview's "as role"). */
export async function rolesInReach(ctx: ServiceContext, scope: StudioScope) {
  const path =
    scope.kind === 'vendor'
      ? ((await ctx.db.one<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [scope.vendorId]))?.path ?? '')
      : requireCaller(ctx).loaded.scopePath;
  const rows = await ctx.db.query<{ id: number; name: string; capabilities: Capability[] }>(
    `SELECT r.id, r.name, coalesce(jsonb_agg(e.value) FILTER (WHERE e.value IS NOT NULL), '[]'::jsonb) AS capabilities
       FROM roles r
       JOIN accounts o ON o.id = r.owner_account_id
       LEFT JOIN role_capability_sets rcs ON rcs.role_id = r.id
       LEFT JOIN capability_sets cs ON cs.id = rcs.capability_set_id
       LEFT JOIN LATERAL jsonb_array_elements(cs.capabilities) e ON true
      WHERE o.path = $1 OR o.path LIKE $1 || '/%'
      GROUP BY r.id, r.name, o.path
      ORDER BY length(o.path), r.name, r.id
      LIMIT ${MAX_ROLES}`,
    [path],
  );
  return rows.map((row) => ({ Id: Number(row.id), Name: row.name, Capabilities: row.capabilities }));
}

/** The flag on the layout's capability that opens the form for an action (Read views, Execute edits, Create creates). */
const OPEN_FLAG = { VIEW: 'Read', EDIT: 'Execute', CREATE: 'Create' } as const;

/** The capability a layout source needs to be opened at all (its own, or its account type's); none for a wizard. */
function openCapabilityOf(ctx: ServiceContext, name: string, content: unknown): string | undefined {
  const source = content as { Wizard?: unknown; AccountType?: unknown; Capability?: unknown };
  if (source.Wizard !== undefined) return undefined;
  if (typeof source.Capability === 'string') return source.Capability;
  const { catalogue } = catalogueWith(ctx, name, content);
  return layoutCapabilityOf(catalogue, String(source.AccountType ?? ''), productsOf(content)?.[0]);
}

export async function layoutReview(ctx: ServiceContext, scope: StudioScope, name: string, content: unknown, action: Action): Promise<LayoutReview> {
  const layout = previewLayout(ctx, name, content, action);
  const capability = openCapabilityOf(ctx, name, content);
  // A role that cannot open the object at all says so, rather than "read-only" on every field (issue 33).
  const roles = (await rolesInReach(ctx, scope)).map((role) => ({
    ...role,
    CanOpen: !capability || (role.Capabilities as Capability[]).some((held) => held.ObjectType === capability && held[OPEN_FLAG[action]] === true),
  }));
  const models = roles.map((role) => layoutToFormModel(layout, { mode: MODES[action], capabilities: role.Capabilities, testers: ANY_RENDERER }));
  const first = models[0] ?? layoutToFormModel(layout, { mode: MODES[action], capabilities: [], testers: ANY_RENDERER });
  return {
    Action: action,
    Roles: roles,
    Fields: first.fieldOrder.map((field) => ({
      Field: field,
      Label: first.fields[field].label,
      Cells: models.map((model) => {
        const entry = model.fields[field];
        return {
          Visible: entry.visibleWhen ? ('conditional' as const) : ('yes' as const),
          Editable: !entry.readOnly,
          Required: entry.required ? ('yes' as const) : entry.requiredWhen ? ('conditional' as const) : ('no' as const),
          MfaGated: entry.mfaRequired,
        };
      }),
    })),
  };
}
