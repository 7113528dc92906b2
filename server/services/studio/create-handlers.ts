/**
 * New definitions from the studio (issue 22): created as version 1 of a name
 * nothing holds yet (no file, no version), then edited, checked, reviewed and
 * published like any other; retired when no longer wanted (versions kept).
 */
import type { DefinitionMenuEntry } from '../../../contract/services/studio-create';
import { hasCapability } from '../../auth/session-user';
import { reloadPublishedDefinitions, publishedDefinitions, type DefinitionKind } from '../../definitions/published-store';
import { checkDefinition } from '../../../engine/grids/check-definition';
import { fault } from '../../fault';
import { realtimeOf } from '../../realtime';
import { requireCaller, type ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';
import { checkSource } from './definition-checks';
import { definitionFiles, fileSource, loadHead, loadVersion, lockHead, parseSource } from './definition-sources';
import { TEMPLATES, type TemplateInput } from './definition-templates';
import { rolesInReach } from './layout-preview';
import { assertReach, auditIn, authorName } from './studio-common';
import { mayTouch, studioScope, type StudioScope } from './studio-scope';

const SCREEN_NAME = /^[a-z][a-z0-9-]{0,63}$/;

interface CreateParams {
  kind: DefinitionKind;
  name: string;
  template?: string | null;
  copyOf?: { name: string; version?: number | null } | null;
  title?: Record<string, string> | null;
  products?: string[] | null;
  dataSourceOf?: string | null;
  menuGroup?: string | null;
  access?: string[] | null;
}

/** Products that are services of the platform (any vendor), by display name. */
async function unknownProducts(ctx: ServiceContext, products: readonly string[]): Promise<string[]> {
  const rows = await ctx.db.query<{ display_name: string }>('SELECT DISTINCT display_name FROM services WHERE display_name = ANY($1::text[])', [[...products]]);
  const known = new Set(rows.map((row) => row.display_name));
  return products.filter((product) => !known.has(product));
}

/** The served (or latest) content of a definition in reach. */
async function contentOf(ctx: ServiceContext, scope: StudioScope, kind: DefinitionKind, name: string, version?: number | null): Promise<Record<string, unknown>> {
  await assertReach(ctx, scope, kind, name);
  const head = await loadHead(ctx.db, kind, name);
  const row = await loadVersion(ctx, kind, name, version ?? head.latest_version);
  const content = parseSource(row.source);
  if (!content || typeof content !== 'object') throw fault(400, 'studio.notJson', { name });
  return content as Record<string, unknown>;
}

async function startingContent(ctx: ServiceContext, scope: StudioScope, params: CreateParams): Promise<Record<string, unknown>> {
  const { kind, name } = params;
  const title = params.title ?? undefined;
  if (title && !title.en) throw fault(400, 'studio.titleNeedsEnglish');
  if (params.copyOf) {
    const copy = structuredClone(await contentOf(ctx, scope, kind, params.copyOf.name, params.copyOf.version));
    if (kind !== 'layout') {
      copy.id = name;
      delete copy.route;
      if (title) copy.title = title;
    }
    if (kind === 'layout' && params.products) copy.Products = [...params.products];
    return copy;
  }
  const template = TEMPLATES[params.template ?? ''];
  if (!template || template.kind !== kind) throw fault(400, 'studio.badTemplate', { template: params.template ?? '' });
  if (scope.kind === 'vendor' && !template.vendors) throw fault(403, 'studio.outOfReach', { name });
  if (!title) throw fault(400, 'studio.titleNeedsEnglish');
  const input: TemplateInput = { name, title, menuGroup: params.menuGroup ?? undefined };
  if (template.needs.includes('products')) {
    if (!name.startsWith('products/')) throw fault(400, 'studio.productLayoutName', { name });
    if (!params.products?.length) throw fault(400, 'studio.templateNeeds', { what: 'products' });
    const unknown = await unknownProducts(ctx, params.products);
    if (unknown.length) throw fault(400, 'studio.unknownProducts', { products: unknown.join(', ') });
    input.products = params.products;
  }
  if (template.needs.includes('dataSource')) {
    if (!params.dataSourceOf) throw fault(400, 'studio.templateNeeds', { what: 'dataSourceOf' });
    input.source = await contentOf(ctx, scope, 'screen', params.dataSourceOf);
  }
  if (template.needs.includes('access')) {
    if (!params.access?.length) throw fault(400, 'studio.listNeedsAccess');
    input.access = params.access;
  }
  return template.build(input);
}

export async function createDefinition(ctx: ServiceContext, params: CreateParams & { comment?: string | null }) {
  const { kind, name } = params;
  const scope = await studioScope(ctx);
  if (kind !== 'layout' && !SCREEN_NAME.test(name)) throw fault(400, 'studio.badName', { name });
  if (Boolean(params.template) === Boolean(params.copyOf)) throw fault(400, 'studio.createFrom');
  if (fileSource(ctx, kind, name) !== undefined || (await loadHead(ctx.db, kind, name)).latest_version > 0) throw fault(409, 'studio.duplicate', { name });
  const content = await startingContent(ctx, scope, params);
  // Reach is judged on what would be stored: a vendor's product layout must name only its own products.
  if (!(await mayTouch(ctx.db, scope, kind, name, [content]))) throw fault(403, 'studio.outOfReach', { name });
  const source = `${JSON.stringify(content, null, 2)}\n`;
  const problems = checkSource(ctx, kind, name, source);
  await ctx.db.transaction(async (tx) => {
    const head = await lockHead(tx, kind, name);
    if (head.latest_version > 0) throw fault(409, 'studio.duplicate', { name });
    await tx.query(
      'INSERT INTO definition_versions (kind, name, version, source, author_user_id, author_name, comment) VALUES ($1, $2, 1, $3, $4, $5, $6)',
      [kind, name, source, requireCaller(ctx).loaded.user.UserAccountId, authorName(ctx), params.comment ?? ''],
    );
    await tx.query('UPDATE definition_heads SET latest_version = 1, retired_at = NULL, retired_by = NULL WHERE kind = $1 AND name = $2', [kind, name]);
    await auditIn(tx, ctx, 'DefinitionCreated', {
      kind,
      name,
      version: 1,
      from: params.copyOf ? { copyOf: params.copyOf.name } : { template: params.template },
      problems: problems.length,
    });
  });
  return { Version: 1, Source: source, Problems: problems };
}

async function retireDefinition(ctx: ServiceContext, kind: DefinitionKind, name: string, comment: string) {
  await assertReach(ctx, await studioScope(ctx), kind, name);
  // A shipped definition is served again from its file by a rollback; only the studio's own can go.
  if (fileSource(ctx, kind, name) !== undefined) throw fault(409, 'studio.retireShipped', { name });
  await ctx.db.transaction(async (tx) => {
    const head = await lockHead(tx, kind, name);
    const retired = await tx.one<{ retired_at: Date | string | null }>('SELECT retired_at FROM definition_heads WHERE kind = $1 AND name = $2', [kind, name]);
    if (retired?.retired_at) throw fault(409, 'studio.alreadyRetired', { name });
    await tx.query(
      `UPDATE definition_heads SET published_version = 0, retired_at = now(), retired_by = $3, review_version = NULL, review_state = NULL
        WHERE kind = $1 AND name = $2`,
      [kind, name, authorName(ctx)],
    );
    await auditIn(tx, ctx, 'DefinitionRetired', { kind, name, from: head.published_version, comment });
  });
  await reloadPublishedDefinitions(ctx.db, ctx.config);
  await realtimeOf(ctx).definitionsChanged();
  return { Retired: true };
}

type Ref = { objectType: string; flag: 'Read' | 'Execute' | 'Create' | 'Delete' };

/** The published screen definitions (or their files) asking for a menu entry that the caller may open. */
function definitionMenu(ctx: ServiceContext): DefinitionMenuEntry[] {
  const capabilities = requireCaller(ctx).loaded.user.Capability;
  const held = (ref: Ref) => hasCapability(capabilities, ref.objectType, ref.flag);
  const published = publishedDefinitions(ctx.config).screens;
  const names = new Set([...published.keys(), ...definitionFiles(ctx).filter((file) => file.kind === 'screen').map((file) => file.name)]);
  const entries: DefinitionMenuEntry[] = [];
  for (const name of [...names].sort()) {
    const content = published.get(name)?.content ?? parseSource(fileSource(ctx, 'screen', name) ?? '');
    const definition = content as { title?: unknown; menu?: { group?: string; label?: unknown }; access?: { anyOf?: Ref[]; allOf?: Ref[] } } | undefined;
    if (!definition?.menu || checkDefinition(content, name).length) continue;
    const access = definition.access ?? {};
    if (access.allOf && !access.allOf.every(held)) continue;
    if (access.anyOf && !access.anyOf.some(held)) continue;
    entries.push({ Name: name, Group: definition.menu.group ?? null, Label: definition.menu.label ?? definition.title ?? name });
  }
  return entries;
}

export const createHandlers = defineHandlers('Studio', {
  async ListDefinitionTemplates(ctx) {
    const scope = await studioScope(ctx);
    return Object.entries(TEMPLATES)
      .filter(([, template]) => scope.kind === 'platform' || template.vendors)
      .map(([id, template]) => ({ Id: id, Kind: template.kind, Needs: template.needs }));
  },

  async CreateDefinition(ctx, params) {
    return createDefinition(ctx, params);
  },

  async RetireDefinition(ctx, { kind, name, comment }) {
    return retireDefinition(ctx, kind, name, comment ?? '');
  },

  async ListPreviewRoles(ctx) {
    return rolesInReach(ctx, await studioScope(ctx));
  },

  async ListDefinitionMenu(ctx) {
    return definitionMenu(ctx);
  },
});
