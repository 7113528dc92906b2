-- Account lifecycle (issue 13): terminations (immediate or scheduled), the
-- company hierarchy tree, account moves and IP restrictions.

-- When an account was terminated (state = 'Terminated').
ALTER TABLE accounts ADD COLUMN IF NOT EXISTS terminated_at timestamptz;

-- One row per TerminateAccount call. A scheduled one is run by the
-- background job (server/jobs/scheduled-terminations.ts) once its time has
-- come: claimed with FOR UPDATE SKIP LOCKED and completed in the same
-- transaction as the termination itself, so it runs exactly once, also
-- across restarts and several server instances.
CREATE TABLE account_terminations (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  requested_by bigint,
  impersonator_id bigint,
  reason text NOT NULL,
  send_to_sdp boolean NOT NULL DEFAULT true,
  scheduled_for timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('Scheduled', 'Completed', 'Cancelled', 'Failed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  cancelled_at timestamptz,
  cancelled_by bigint,
  result jsonb
);
-- At most one pending termination per account.
CREATE UNIQUE INDEX account_terminations_scheduled_idx ON account_terminations (account_id) WHERE status = 'Scheduled';
-- What the job looks for: due scheduled terminations.
CREATE INDEX account_terminations_due_idx ON account_terminations (scheduled_for) WHERE status = 'Scheduled';

-- Children of an account in the tree's order (organisations first, then by name).
CREATE INDEX IF NOT EXISTS accounts_parent_name_idx ON accounts (parent_id, lower(display_name), id);

-- The account picker (GetPartialCompanyHierarchy) searches organisations and departments only:
-- the same search document as accounts_search_idx (0004), for those types, a fraction of all accounts.
CREATE INDEX accounts_org_search_idx ON accounts USING gin (account_search_document(display_name, views))
  WHERE account_type IN ('Reseller', 'Vendor', 'Company', 'Department');

-- Invoice/CreateInvoiceBillingTask: a product's invoice made by the background job
-- (server/jobs/invoice-billing-tasks.ts), one at a time per product; the PDF is a stored file.
CREATE TABLE invoice_billing_tasks (
  id bigserial PRIMARY KEY,
  product_account_id bigint NOT NULL REFERENCES accounts(id),
  -- The product's AccountPath, copied so the billing tab's scope test needs no join.
  account_path text NOT NULL,
  requested_by bigint,
  status text NOT NULL CHECK (status IN ('Queued', 'Running', 'Completed', 'Failed')),
  progress integer NOT NULL DEFAULT 0,
  file_id bigint REFERENCES stored_files(id) ON DELETE SET NULL,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE UNIQUE INDEX invoice_billing_tasks_active_idx ON invoice_billing_tasks (product_account_id) WHERE status IN ('Queued', 'Running');
CREATE INDEX invoice_billing_tasks_path_idx ON invoice_billing_tasks (account_path text_pattern_ops, created_at DESC);
CREATE INDEX invoice_billing_tasks_queue_idx ON invoice_billing_tasks (created_at) WHERE status IN ('Queued', 'Running');
