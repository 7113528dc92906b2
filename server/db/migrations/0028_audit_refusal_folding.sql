-- Repeated refusals of one caller, method and reason within a minute fold into one audit row
-- whose details carry the count (server/auth/refusal-audit.ts): a flood of refused calls adds
-- one row a minute, not one per call. The key names caller, route, reason and minute; other
-- rows leave it empty (NULLs never conflict in a unique index).
ALTER TABLE audit_log ADD COLUMN IF NOT EXISTS fold_key text;
CREATE UNIQUE INDEX IF NOT EXISTS audit_log_fold_key_idx ON audit_log (fold_key);
