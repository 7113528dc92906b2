/**
 * Studio service (extension, issue 15): list, read, check, save, publish and
 * roll back layouts, screen definitions and reports; diff, preview, review matrix and
 * affected accounts. See studio-scope.ts for who reaches what.
 */
import type { DefinitionProblem, DefinitionSummary } from '../../../contract/services/studio';
import { isoTimeOrNull } from '../../business/row-values';
import type { DefinitionKind } from '../../definitions/published-store';
import { fault } from '../../fault';
import { LayoutFileSchema } from '../../forms/layout-file-schema';
import { requireCaller } from '../context';
import { defineHandlers } from '../define-handlers';
import { countAffectedAccounts } from './affected-accounts';
import { exportPublished } from './export-definitions';
import { checkSource } from './definition-checks';
import { diffDefinitions } from './definition-diff';
import { definitionFiles, fileSource, loadHead, loadVersion, lockHead, parseSource } from './definition-sources';
import { loadReviewRow, reviewOf } from './four-eyes';
import { layoutReview, previewBasis, previewLayout, sampleViews } from './layout-preview';
import { layoutUsage } from './layout-usage';
import { createHandlers } from './create-handlers';
import { reviewHandlers } from './review-handlers';
import { serveVersion } from './serve-version';
import { runDefinition } from '../reports/report-handlers';
import type { ReportDefinition } from '../reports/report-definition';
import { assertReach, auditIn, authorName, ownAccountId, titleOf } from './studio-common';
import { mayTouch, studioScope } from './studio-scope';

function problemsOrFault(problems: DefinitionProblem[]): void {
  if (problems.length) throw fault(400, 'studio.checksFail', { count: problems.length, first: `${problems[0].Path || '/'} ${problems[0].Message}` });
}

export const studioHandlers = defineHandlers('Studio', {
  ...reviewHandlers,
  ...createHandlers,

  async GetLayoutSchema(ctx) {
    await studioScope(ctx);
    return LayoutFileSchema;
  },

  async ListDefinitions(ctx) {
    const scope = await studioScope(ctx);
    const heads = await ctx.db.query<{ kind: DefinitionKind; name: string; published_version: number; latest_version: number; review_version: number | null; review_state: string | null; retired_at: Date | string | null; author_name: string | null; created_at: Date | string | null; source: string | null }>(
      `SELECT h.kind, h.name, h.published_version, h.latest_version, h.review_version, h.review_state, h.retired_at, v.author_name, v.created_at, v.source
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
      const { title, products } = titleOf(kind, content, ctx.locale);
      const awaiting = head?.review_state === 'pending' && Number(head.review_version) !== published ? Number(head.review_version) : null;
      result.push({
        Kind: kind,
        Name: name,
        Title: title,
        Products: products,
        State: latest === 0 ? 'file' : head?.retired_at ? 'retired' : awaiting !== null ? 'review' : published === latest ? 'published' : 'draft',
        Created: fileSource(ctx, kind, name) === undefined,
        AwaitingReview: awaiting,
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
      FourEyes: ctx.config.studioFourEyes,
      Review: reviewOf(await loadReviewRow(ctx.db, kind, name)),
    };
  },

  async ListDefinitionVersions(ctx, { kind, name }) {
    await assertReach(ctx, await studioScope(ctx), kind, name);
    const head = await loadHead(ctx.db, kind, name);
    const review = reviewOf(await loadReviewRow(ctx.db, kind, name));
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
      Review: review?.Version === Number(row.version) ? review.State : null,
    }));
    if (fileSource(ctx, kind, name) !== undefined) versions.push({ Version: 0, Author: '', Comment: '', CreatedAt: null, Published: head.published_version === 0, Review: null });
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
    const layout = previewLayout(ctx, name, content, action, productName ?? undefined);
    return { Layout: layout, SampleViews: sampleViews(ctx, name, content), Basis: previewBasis(ctx, name, content, action, layout) };
  },

  async PreviewReport(ctx, { name, source, parameters }) {
    const scope = await studioScope(ctx);
    await assertReach(ctx, scope, 'report', name, source);
    problemsOrFault(checkSource(ctx, 'report', name, source));
    return runDefinition(ctx, parseSource(source) as ReportDefinition, parameters ?? undefined);
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

  async GetLayoutUsage(ctx, { name, source }) {
    const scope = await studioScope(ctx);
    await assertReach(ctx, scope, 'layout', name, source);
    return layoutUsage(ctx, scope, parseSource(source));
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
