-- Audit log grid (Account/GetAuditLog) and notification preferences (Notification service).

-- The audit log pages with a keyset on (created_at, id): the id breaks ties between entries of the same
-- microsecond, so the indexes carry it and serve both directions. They replace the (…, created_at) indexes
-- of 0001, which they cover. Account mode reads by account_id, user mode by actor_user_id.
DROP INDEX IF EXISTS audit_log_account_idx;
DROP INDEX IF EXISTS audit_log_actor_idx;
CREATE INDEX IF NOT EXISTS audit_log_account_time_idx ON audit_log (account_id, created_at, id);
CREATE INDEX IF NOT EXISTS audit_log_actor_time_idx ON audit_log (actor_user_id, created_at, id);
-- Sorting by action, filtering by action (with the date order), and the action counts of the filter options.
CREATE INDEX IF NOT EXISTS audit_log_account_action_idx ON audit_log (account_id, action, created_at, id);
CREATE INDEX IF NOT EXISTS audit_log_actor_action_idx ON audit_log (actor_user_id, action, created_at, id);

-- Renewal notification preferences of a user (spec §5: at least one commitment period, spec §9 options).
-- No row: the defaults (disabled, 1-month). 0001 reserved this name as (user_id, preferences jsonb), which
-- nothing ever wrote (the Notification methods answered 501 until now): replaced by typed columns.
DROP TABLE IF EXISTS notification_preferences;
CREATE TABLE notification_preferences (
  user_account_id bigint PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  is_enabled boolean NOT NULL,
  commitment_periods text[] NOT NULL
    CHECK (cardinality(commitment_periods) >= 1 AND commitment_periods <@ ARRAY['1-month', 'annual', '3-year', 'other']),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint
);
