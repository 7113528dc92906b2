-- Definition studio four-eyes review (issue 15): one review per definition at a
-- time, on its head row. pending: submitted, awaiting another admin; rejected:
-- sent back with the reviewer's comment. Publishing clears it.
ALTER TABLE definition_heads
  ADD COLUMN review_version integer,
  ADD COLUMN review_state text CHECK (review_state IN ('pending', 'rejected')),
  ADD COLUMN review_submitter_id bigint,
  ADD COLUMN review_submitter text,
  ADD COLUMN review_at timestamptz,
  ADD COLUMN review_comment text,
  ADD COLUMN reviewer text,
  ADD COLUMN reviewer_note text;
