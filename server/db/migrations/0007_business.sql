-- Business screens: imports that run in the background, credit-check order files
-- and their provisioning, per-pricelist pricing rules, custom charge attachments,
-- the month-end billing run.

-- Uploaded files (credit-check order files, custom charge attachments), kept in the
-- database so every server instance sees them.
CREATE TABLE stored_files (
  id bigserial PRIMARY KEY,
  file_name text NOT NULL,
  content_type text NOT NULL,
  size integer NOT NULL,
  content bytea NOT NULL,
  created_by bigint REFERENCES users(account_id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- AccountIdentificators of accounts created at run time (imports, approved orders) come
-- from account_identificator_seq (0005_layouts.sql), shared with account creation.

-- Imports: when the run started and ended, and why an import failed as a whole.
ALTER TABLE imports ADD COLUMN started_at timestamptz;
ALTER TABLE imports ADD COLUMN finished_at timestamptz;
ALTER TABLE imports ADD COLUMN failure text;
-- The job runner looks for runnable imports on every tick.
CREATE INDEX imports_runnable_idx ON imports (scheduled_at) WHERE status IN ('Pending', 'In progress');

-- A failed row keeps a text key and its values so the error reads in the viewer's language.
ALTER TABLE import_accounts ADD COLUMN error_key text;
ALTER TABLE import_accounts ADD COLUMN error_values jsonb;
ALTER TABLE import_accounts ADD COLUMN processed_at timestamptz;
CREATE INDEX import_accounts_pending_idx ON import_accounts (import_id, row_number) WHERE status = 'Pending';

-- Approval creates a provisioning request; the order points at it.
ALTER TABLE credit_check_orders ADD COLUMN provisioning_request_id bigint REFERENCES provisioning_requests(id);
CREATE INDEX credit_check_orders_status_idx ON credit_check_orders (approval_status, created_at DESC);
CREATE INDEX credit_check_orders_creator_idx ON credit_check_orders (creator_user_id, created_at DESC);

-- Pricing rules of one pricelist. Rules without a marketplace are their owner's shared
-- rules, used by every pricelist of the owner that has no rules of its own yet.
ALTER TABLE pricing_rules ADD COLUMN marketplace_id bigint REFERENCES marketplaces(id) ON DELETE CASCADE;
CREATE INDEX pricing_rules_marketplace_idx ON pricing_rules (marketplace_id, priority);

-- Custom charge attachments; the month-end run finds pending charges by date.
ALTER TABLE custom_charges ADD COLUMN attachment_file_id bigint REFERENCES stored_files(id) ON DELETE SET NULL;
CREATE INDEX custom_charges_pending_idx ON custom_charges (created_at) WHERE status = 'Pending billing';
