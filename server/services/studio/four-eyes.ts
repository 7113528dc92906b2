/**
 * Four-eyes review of definitions (PORTAL_STUDIO_FOUR_EYES): a saved version is
 * submitted for review; another administrator than its author and its
 * submitter publishes it or sends it back with a comment. One review per
 * definition at a time, kept on its head row (migration 0024).
 */
import type { DefinitionReview } from '../../../contract/services/studio';
import { isoTimeOrNull } from '../../business/row-values';
import type { Queryable } from '../../db/db';
import type { DefinitionKind } from '../../definitions/published-store';
import { fault } from '../../fault';
import { requireCaller, type ServiceContext } from '../context';

interface ReviewRow {
  review_version: number | null;
  review_state: 'pending' | 'rejected' | null;
  review_submitter_id: number | string | null;
  review_submitter: string | null;
  review_at: Date | string | null;
  review_comment: string | null;
  reviewer: string | null;
  reviewer_note: string | null;
}

const COLUMNS = 'review_version, review_state, review_submitter_id, review_submitter, review_at, review_comment, reviewer, reviewer_note';

export async function loadReviewRow(db: Queryable, kind: DefinitionKind, name: string): Promise<ReviewRow | undefined> {
  const row = await db.one<ReviewRow>(`SELECT ${COLUMNS} FROM definition_heads WHERE kind = $1 AND name = $2`, [kind, name]);
  return row?.review_version == null ? undefined : row;
}

export function reviewOf(row: ReviewRow | undefined): DefinitionReview | null {
  if (!row || row.review_version == null || !row.review_state) return null;
  return {
    Version: Number(row.review_version),
    State: row.review_state,
    SubmittedBy: row.review_submitter ?? '',
    SubmittedAt: isoTimeOrNull(row.review_at),
    Comment: row.review_comment ?? '',
    ReviewedBy: row.reviewer,
    ReviewNote: row.reviewer_note,
  };
}

/**
 * Refuses (409) a publish that skips review or is made by the version's author
 * or its submitter; returns who wrote and who submitted it, for the audit row.
 */
export async function assertFourEyes(tx: Queryable, ctx: ServiceContext, kind: DefinitionKind, name: string, version: number) {
  const me = Number(requireCaller(ctx).loaded.user.UserAccountId);
  const review = await loadReviewRow(tx, kind, name);
  if (!review || Number(review.review_version) !== version || review.review_state !== 'pending') throw fault(409, 'studio.reviewRequired', { version });
  const author = await tx.one<{ author_user_id: number | string | null; author_name: string }>(
    'SELECT author_user_id, author_name FROM definition_versions WHERE kind = $1 AND name = $2 AND version = $3',
    [kind, name, version],
  );
  if (Number(author?.author_user_id) === me || Number(review.review_submitter_id) === me) throw fault(409, 'studio.fourEyesOwnDraft', { version });
  return { author: author?.author_name ?? '', submittedBy: review.review_submitter ?? '' };
}

/** Refuses (409) a rollback to a version never served: that would publish an unreviewed draft. The file (0) always may. */
export async function assertServedBefore(tx: Queryable, kind: DefinitionKind, name: string, version: number) {
  if (version === 0) return;
  const row = await tx.one<{ first_served_at: Date | string | null }>('SELECT first_served_at FROM definition_versions WHERE kind = $1 AND name = $2 AND version = $3', [kind, name, version]);
  if (!row?.first_served_at) throw fault(409, 'studio.rollbackUnreviewed', { version });
}
