/**
 * Four-eyes review (issue 15): submit a saved version for review, send it back
 * with a comment. Publishing a reviewed version is PublishDefinition (see
 * serve-version.ts and four-eyes.ts for the rule).
 */
import { fault } from '../../fault';
import { requireCaller } from '../context';
import { defineHandlers } from '../define-handlers';
import { checkSource } from './definition-checks';
import { loadVersion, lockHead } from './definition-sources';
import { loadReviewRow, reviewOf } from './four-eyes';
import { assertReach, auditIn, authorName } from './studio-common';
import { studioScope } from './studio-scope';

export const reviewHandlers = defineHandlers('Studio', {
  async SubmitDefinitionForReview(ctx, { kind, name, version, comment }) {
    await assertReach(ctx, await studioScope(ctx), kind, name);
    if (version === 0) throw fault(400, 'studio.publishFile');
    await ctx.db.transaction(async (tx) => {
      const head = await lockHead(tx, kind, name);
      if (version > head.latest_version) throw fault(404, 'studio.versionNotFound', { name, version });
      if (version === head.published_version) throw fault(409, 'studio.alreadyServed', { version });
      const target = await loadVersion({ config: ctx.config, db: tx }, kind, name, version);
      const problems = checkSource(ctx, kind, name, target.source);
      if (problems.length) throw fault(400, 'studio.checksFail', { count: problems.length, first: `${problems[0].Path || '/'} ${problems[0].Message}` });
      await tx.query(
        `UPDATE definition_heads SET review_version = $3, review_state = 'pending', review_submitter_id = $4, review_submitter = $5,
                review_at = now(), review_comment = $6, reviewer = NULL, reviewer_note = NULL
          WHERE kind = $1 AND name = $2`,
        [kind, name, version, requireCaller(ctx).loaded.user.UserAccountId, authorName(ctx), comment ?? ''],
      );
      await auditIn(tx, ctx, 'DefinitionSubmittedForReview', { kind, name, version, comment: comment ?? '' });
    });
    return reviewOf(await loadReviewRow(ctx.db, kind, name))!;
  },

  async RejectDefinitionReview(ctx, { kind, name, version, comment }) {
    await assertReach(ctx, await studioScope(ctx), kind, name);
    await ctx.db.transaction(async (tx) => {
      await lockHead(tx, kind, name);
      const review = await loadReviewRow(tx, kind, name);
      if (!review || Number(review.review_version) !== version || review.review_state !== 'pending') throw fault(409, 'studio.notInReview', { name, version });
      await tx.query(`UPDATE definition_heads SET review_state = 'rejected', reviewer = $3, reviewer_note = $4 WHERE kind = $1 AND name = $2`, [
        kind,
        name,
        authorName(ctx),
        comment,
      ]);
      await auditIn(tx, ctx, 'DefinitionReviewRejected', { kind, name, version, comment, submittedBy: review.review_submitter ?? '' });
    });
    return reviewOf(await loadReviewRow(ctx.db, kind, name))!;
  },
});
