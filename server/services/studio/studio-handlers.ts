/**
 * Studio service (extension, issue 15): list, read, check, save, publish and
 * roll back layouts and screen definitions; diff, preview, review matrix and
 * affected accounts. See studio-scope.ts for who reaches what.
 */
import type { DefinitionProblem, DefinitionSummary } from '../../../src/contract/services/studio';
import { isoTimeOrNull } from '../../business/row-values';
import type { Queryable } from '../../db/db';
import { reloadPublishedDefinitions, type DefinitionKind } from '../../definitions/published-store';
import { fault } from '../../fault';
import { LayoutFileSchema } from '../../forms/layout-file-schema';
import { realtimeOf } from '../../realtime';
import { requireCaller, type ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';
import { countAffectedAccounts } from './affected-accounts';
import { exportPublished } from './export-definitions';
import { checkSource } from './definition-checks';
import { diffDefinitions } from './definition-diff';
import { definitionFiles, fileSource, loadHead, loadVersion, lockHead, parseSource } from './definition-sources';
import { layoutReview, previewLayout, sampleViews } from './layout-preview';
import { mayTouch, productsOf, studioScope, type StudioScope } from './studio-scope';

const SCREEN_NAME = /^[a-z][a-z0-9-]{0,63}$/;

/** The contents the caller's reach is judged on: the file and the latest saved version. */
async function currentContents(ctx: ServiceContext, kind: DefinitionKind, name: string): Promise<unknown[]> {
  const contents: unknown[] = [];
  const file = fileSource(ctx, kind, name);
  if (file !== undefined) contents.push(parseSource(file));
  const head = await loadHead(ctx.db, kind, name);
  if (head.latest_version > 0) contents.push(parseSource((await loadVersion(ctx, kind, name, head.latest_version)).source));
  return contents;
}

/** 404 when the definition does not exist, 403 when the caller may not touch it (or the proposed source). */
async function assertReach(ctx: ServiceContext, scope: StudioScope, kind: DefinitionKind, name: string, proposed?: string): Promise<void> {
  if (kind === 'screen' && !SCREEN_NAME.test(name)) throw fault(400, 'studio.badName', { name });
  const contents = await currentContents(ctx, kind, name);
  if (contents.length === 0 && proposed === undefined) throw fault(404, 'studio.notFound', { name });
  if (proposed !== undefined) contents.push(parseSource(proposed));
  if (!(await mayTouch(ctx.db, scope, kind, name, contents))) throw fault(403, 'studio.outOfReach', { name });
}

function authorName(ctx: ServiceContext): string {
  const user = requireCaller(ctx).loaded.user;
  const values = user.UserAccount.Views?.Values as Record<string, unknown> | undefined;
  const display = typeof values?.DisplayName === 'string' ? values.DisplayName : '';
  return display ? `${display} (${user.Username})` : user.Username;
}

function ownAccountId(ctx: ServiceContext): number | null {
  const ids = requireCaller(ctx).loaded.scopePath.split('/').filter(Boolean);
  return ids.length ? Number(ids[ids.length - 1]) : null;
}

async function auditIn(tx: Queryable, ctx: ServiceContext, action: string, details: Record<string, unknown>): Promise<void> {
  const caller = requireCaller(ctx);
  await tx.query(
    `INSERT INTO audit_log (account_id, actor_user_id, impersonator_user_id, action, details, ip) VALUES ($1, $2, $3, $4, $5, $6)`,
    [ownAccountId(ctx), caller.loaded.user.UserAccountId, caller.impersonatorId, action, details, ctx.request.ip],
  );
}

function titleOf(kind: DefinitionKind, content: unknown): { title: string; products: string[] } {
  const value = (content ?? {}) as Record<string, unknown>;
  if (kind === 'screen') return { title: typeof value.title === 'string' ? value.title : '', products: [] };
  return { title: typeof value.AccountType === 'string' ? value.AccountType : '', products: productsOf(content) ?? [] };
}

/** Makes a version the served one (publish and rollback): checked, audited with the diff, then every instance told. */
async function serveVersion(ctx: ServiceContext, kind: DefinitionKind, name: string, version: number, action: 'DefinitionPublished' | 'DefinitionRolledBack', comment: string) {
  const scope = await studioScope(ctx);
  await assertReach(ctx, scope, kind, name);
  const diff = await ctx.db.transaction(async (tx) => {
    const head = await lockHead(tx, kind, name);
    if (version > head.latest_version) throw fault(404, 'studio.versionNotFound', { name, version });
    const target = await loadVersion({ config: ctx.config, db: tx }, kind, name, version);
    if (!(await mayTouch(tx, scope, kind, name, [parseSource(target.source)]))) throw fault(403, 'studio.outOfReach', { name });
    const problems = checkSource(ctx, kind, name, target.source);
    if (problems.length) throw fault(400, 'studio.checksFail', { count: problems.length, first: `${problems[0].Path || '/'} ${problems[0].Message}` });
    const before = await loadVersion({ config: ctx.config, db: tx }, kind, name, head.published_version).catch(() => undefined);
    const changes = diffDefinitions(before ? parseSource(before.source) : undefined, parseSource(target.source), head.published_version, version);
    await tx.query(
      'UPDATE definition_heads SET published_version = $3, published_at = now(), published_by = $4 WHERE kind = $1 AND name = $2',
      [kind, name, version, authorName(ctx)],
    );
    await auditIn(tx, ctx, action, { kind, name, from: head.published_version, to: version, comment, diff: changes });
    return changes;
  });
  // This instance serves it from the next request; the others when the event reaches them.
  await reloadPublishedDefinitions(ctx.db, ctx.config);
  await realtimeOf(ctx).definitionsChanged();
  return diff;
}

function problemsOrFault(problems: DefinitionProblem[]): void {
  if (problems.length) throw fault(400, 'studio.checksFail', { count: problems.length, first: `${problems[0].Path || '/'} ${problems[0].Message}` });
}

export const studioHandlers = defineHandlers('Studio', {
  async GetLayoutSchema(ctx) {
    await studioScope(ctx);
    return LayoutFileSchema;
  },

  async ListDefinitions(ctx) {
    const scope = await studioScope(ctx);
    const heads = await ctx.db.query<{ kind: DefinitionKind; name: string; published_version: number; latest_version: number; author_name: string | null; created_at: Date | string | null; source: string | null }>(
      `SELECT h.kind, h.name, h.published_version, h.latest_version, v.author_name, v.created_at, v.source
         FROM definition_heads h
         LEFT JOIN definition_versions v ON v.kind = h.kind AND v.name = h.name AND v.version = h.latest_version`,
    );
    const byKey = new Map(heads.map((head) => [`${head.kind}:${head.name}`, head]));
    const keys = new Map<string, { kind: DefinitionKind; name: string }>();
    for (const file of definitionFiles(ctx)) keys.set(`${file.kind}:${file.name}`, file);
    for (const head of heads) keys.set(`${head.kind}:${head.name}`, head);
    const result: DefinitionSummary[] = [];
    for (const [key, { kind, name }] of keys) {
      const head = byKey.get(key);
      const latest = Number(head?.latest_version ?? 0);
      const published = Number(head?.published_version ?? 0);
      const content = parseSource(head?.source ?? fileSource(ctx, kind, name) ?? '');
      const contents = [fileSource(ctx, kind, name), head?.source ?? undefined].filter((text): text is string => text !== undefined).map(parseSource);
      if (!(await mayTouch(ctx.db, scope, kind, name, contents))) continue;
      const { title, products } = titleOf(kind, content);
      result.push({
        Kind: kind,
        Name: name,
        Title: title,
        Products: products,
        State: latest === 0 ? 'file' : published === latest ? 'published' : 'draft',
        PublishedVersion: published,
        LatestVersion: latest,
        ChangedBy: head?.author_name ?? null,
        ChangedAt: isoTimeOrNull(head?.created_at ?? null),
      });
    }
    return result.sort((a, b) => a.Kind.localeCompare(b.Kind) || a.Name.localeCompare(b.Name));
  },

  async GetDefinition(ctx, { kind, name, version }) {
    await assertReach(ctx, await studioScope(ctx), kind, name);
    const head = await loadHead(ctx.db, kind, name);
    const row = await loadVersion(ctx, kind, name, version ?? head.latest_version);
    return {
      Kind: kind,
      Name: name,
      Version: row.version,
      Source: row.source,
      Author: row.author_name,
      Comment: row.comment,
      CreatedAt: isoTimeOrNull(row.created_at),
      PublishedVersion: head.published_version,
      LatestVersion: head.latest_version,
    };
  },

  async ListDefinitionVersions(ctx, { kind, name }) {
    await assertReach(ctx, await studioScope(ctx), kind, name);
    const head = await loadHead(ctx.db, kind, name);
    const rows = await ctx.db.query<{ version: number; author_name: string; comment: string; created_at: Date | string }>(
      'SELECT version, author_name, comment, created_at FROM definition_versions WHERE kind = $1 AND name = $2 ORDER BY version DESC',
      [kind, name],
    );
    const versions = rows.map((row) => ({
      Version: Number(row.version),
      Author: row.author_name,
      Comment: row.comment,
      CreatedAt: isoTimeOrNull(row.created_at),
      Published: Number(row.version) === head.published_version,
    }));
    if (fileSource(ctx, kind, name) !== undefined) versions.push({ Version: 0, Author: '', Comment: '', CreatedAt: null, Published: head.published_version === 0 });
    return versions;
  },

  async CheckDefinition(ctx, { kind, name, source }) {
    const scope = await studioScope(ctx);
    if (scope.kind === 'vendor') await assertReach(ctx, scope, kind, name, source);
    return checkSource(ctx, kind, name, source);
  },

  async SaveDefinitionDraft(ctx, { kind, name, baseVersion, source, comment }) {
    const scope = await studioScope(ctx);
    await assertReach(ctx, scope, kind, name, source);
    const problems = checkSource(ctx, kind, name, source);
    const author = authorName(ctx);
    const version = await ctx.db.transaction(async (tx) => {
      const head = await lockHead(tx, kind, name);
      if (baseVersion !== head.latest_version) {
        const latest = head.latest_version > 0 ? await loadVersion({ config: ctx.config, db: tx }, kind, name, head.latest_version) : undefined;
        throw fault(409, 'studio.staleVersion', {
          version: head.latest_version,
          author: latest?.author_name ?? '?',
          time: latest?.created_at ? isoTimeOrNull(latest.created_at)! : '?',
        });
      }
      const next = head.latest_version + 1;
      await tx.query(
        'INSERT INTO definition_versions (kind, name, version, source, author_user_id, author_name, comment) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [kind, name, next, source, requireCaller(ctx).loaded.user.UserAccountId, author, comment ?? ''],
      );
      await tx.query('UPDATE definition_heads SET latest_version = $3 WHERE kind = $1 AND name = $2', [kind, name, next]);
      await auditIn(tx, ctx, 'DefinitionDraftSaved', { kind, name, version: next, comment: comment ?? '', problems: problems.length });
      return next;
    });
    return { Version: version, Problems: problems };
  },

  async PublishDefinition(ctx, { kind, name, version, comment }) {
    if (version === 0) throw fault(400, 'studio.publishFile');
    return serveVersion(ctx, kind, name, version, 'DefinitionPublished', comment ?? '');
  },

  async RollbackDefinition(ctx, { kind, name, version, comment }) {
    return serveVersion(ctx, kind, name, version, 'DefinitionRolledBack', comment ?? '');
  },

  async DiffDefinitionVersions(ctx, { kind, name, from, to }) {
    await assertReach(ctx, await studioScope(ctx), kind, name);
    const [before, after] = [await loadVersion(ctx, kind, name, from), await loadVersion(ctx, kind, name, to)];
    return diffDefinitions(parseSource(before.source), parseSource(after.source), from, to);
  },

  async PreviewLayout(ctx, { name, source, action, productName }) {
    const scope = await studioScope(ctx);
    await assertReach(ctx, scope, 'layout', name, source);
    problemsOrFault(checkSource(ctx, 'layout', name, source));
    const content = parseSource(source);
    return { Layout: previewLayout(ctx, name, content, action, productName ?? undefined), SampleViews: sampleViews(ctx, name, content) };
  },

  async GetLayoutReview(ctx, { name, source, action }) {
    const scope = await studioScope(ctx);
    await assertReach(ctx, scope, 'layout', name, source);
    problemsOrFault(checkSource(ctx, 'layout', name, source));
    return layoutReview(ctx, scope, name, parseSource(source), action);
  },

  async ExportDefinitions(ctx) {
    const scope = await studioScope(ctx);
    if (scope.kind !== 'platform') throw fault(403, 'studio.exportPlatformOnly');
    const written = await exportPublished(ctx);
    await ctx.audit('DefinitionsExported', ownAccountId(ctx), { files: written.map((entry) => entry.File) });
    return written;
  },

  async CountAffectedAccounts(ctx, { name, source }) {
    const scope = await studioScope(ctx);
    await assertReach(ctx, scope, 'layout', name, source);
    problemsOrFault(checkSource(ctx, 'layout', name, source));
    const head = await loadHead(ctx.db, 'layout', name);
    const served = await loadVersion(ctx, 'layout', name, head.published_version).catch(() => undefined);
    return countAffectedAccounts(ctx.db, served ? parseSource(served.source) : undefined, parseSource(source));
  },
});
