-- Definitions created in the studio can be retired (issue 22): not served, no menu entry, versions kept.
ALTER TABLE definition_heads ADD COLUMN retired_at timestamptz;
ALTER TABLE definition_heads ADD COLUMN retired_by text;
