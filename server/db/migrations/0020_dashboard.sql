-- The dashboard (issue 16, server/services/dashboard/): its figures are counts of
-- small "needs attention" sets within the caller's reach. These partial indexes keep
-- each set small however large its table grows, so a count reads only that set:
-- orders waiting for approval, imports open or failed.
CREATE INDEX IF NOT EXISTS credit_check_orders_pending_idx ON credit_check_orders (parent_account_id) WHERE approval_status = 'Pending';
CREATE INDEX IF NOT EXISTS imports_attention_idx ON imports (owner_account_id) WHERE status IN ('Pending', 'In progress', 'Failed');
-- Recent activity: the newest entries first, for a caller whose reach is wide (the
-- platform, a reseller), read backwards until five in reach are found; a narrow reach
-- goes through its accounts and audit_log_account_time_idx (0010) instead.
CREATE INDEX IF NOT EXISTS audit_log_time_idx ON audit_log (created_at, id);
