/**
 * Making a version the served one (publish and rollback): checked, under the
 * four-eyes rule when the deployment turns it on, audited with the diff, then
 * every instance told.
 */
import { reloadPublishedDefinitions, type DefinitionKind } from '../../definitions/published-store';
import { fault } from '../../fault';
import { realtimeOf } from '../../realtime';
import type { ServiceContext } from '../context';
import { checkSource } from './definition-checks';
import { diffDefinitions } from './definition-diff';
import { loadVersion, lockHead, parseSource } from './definition-sources';
import { assertFourEyes, assertServedBefore } from './four-eyes';
import { assertReach, auditIn, authorName } from './studio-common';
import { mayTouch, studioScope } from './studio-scope';

export async function serveVersion(ctx: ServiceContext, kind: DefinitionKind, name: string, version: number, action: 'DefinitionPublished' | 'DefinitionRolledBack', comment: string) {
  // Who may touch the definition first: a caller out of reach learns nothing from the rules below.
  const scope = await studioScope(ctx);
  await assertReach(ctx, scope, kind, name);
  // The shipped file (0) is served again by a rollback; publishing is for saved versions.
  if (action === 'DefinitionPublished' && version === 0) throw fault(400, 'studio.publishFile');
  const diff = await ctx.db.transaction(async (tx) => {
    const head = await lockHead(tx, kind, name);
    if (version > head.latest_version) throw fault(404, 'studio.versionNotFound', { name, version });
    const target = await loadVersion({ config: ctx.config, db: tx }, kind, name, version);
    if (!(await mayTouch(tx, scope, kind, name, [parseSource(target.source)]))) throw fault(403, 'studio.outOfReach', { name });
    const problems = checkSource(ctx, kind, name, target.source);
    if (problems.length) throw fault(400, 'studio.checksFail', { count: problems.length, first: `${problems[0].Path || '/'} ${problems[0].Message}` });
    // A rollback serves a version that was served before (or the file): only a new publish needs a second pair of eyes.
    if (action === 'DefinitionRolledBack' && ctx.config.studioFourEyes) await assertServedBefore(tx, kind, name, version);
    const review = action === 'DefinitionPublished' && ctx.config.studioFourEyes ? await assertFourEyes(tx, ctx, kind, name, version) : undefined;
    const before = await loadVersion({ config: ctx.config, db: tx }, kind, name, head.published_version).catch(() => undefined);
    const changes = diffDefinitions(before ? parseSource(before.source) : undefined, parseSource(target.source), head.published_version, version);
    await tx.query(
      `UPDATE definition_heads SET published_version = $3, published_at = now(), published_by = $4, retired_at = NULL, retired_by = NULL,
              review_version = CASE WHEN review_version <= $3 THEN NULL ELSE review_version END,
              review_state = CASE WHEN review_version <= $3 THEN NULL ELSE review_state END
        WHERE kind = $1 AND name = $2`,
      [kind, name, version, authorName(ctx)],
    );
    await tx.query('UPDATE definition_versions SET first_served_at = now() WHERE kind = $1 AND name = $2 AND version = $3 AND first_served_at IS NULL', [kind, name, version]);
    await auditIn(tx, ctx, action, { kind, name, from: head.published_version, to: version, comment, diff: changes, ...(review ? { review } : {}) });
    return changes;
  });
  // This instance serves it from the next request; the others when the event reaches them.
  await reloadPublishedDefinitions(ctx.db, ctx.config);
  await realtimeOf(ctx).definitionsChanged();
  return diff;
}
