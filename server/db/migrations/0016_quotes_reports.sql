-- Quotes (the quotation tool) and report runs (Reporting/GetFrequentReports).

CREATE TABLE quote_groups (
  id bigserial PRIMARY KEY,
  owner_account_id bigint NOT NULL REFERENCES accounts(id),
  name text NOT NULL,
  UNIQUE (owner_account_id, name)
);

-- seller_path / customer_path copy the accounts' paths so scope checks and the
-- grids' filters need no join. Status: Draft → Sent → Accepted / Declined /
-- Expired; a Sent quote revised into a new version becomes Superseded.
CREATE TABLE quotes (
  id bigserial PRIMARY KEY,
  seller_account_id bigint NOT NULL REFERENCES accounts(id),
  seller_path text NOT NULL,
  creator_user_id bigint NOT NULL REFERENCES users(account_id),
  customer_account_id bigint NOT NULL REFERENCES accounts(id),
  customer_path text NOT NULL,
  quote_group_id bigint REFERENCES quote_groups(id) ON DELETE SET NULL,
  name text NOT NULL,
  currency text NOT NULL,
  valid_until date,
  notes text,
  status text NOT NULL CHECK (status IN ('Draft','Sent','Accepted','Declined','Expired','Superseded')),
  version integer NOT NULL DEFAULT 1,
  previous_quote_id bigint REFERENCES quotes(id) ON DELETE SET NULL,
  totals jsonb NOT NULL DEFAULT '{}'::jsonb,
  total_value numeric(16,2) NOT NULL DEFAULT 0,
  sent_at timestamptz,
  decided_at timestamptz,
  decided_by bigint REFERENCES users(account_id),
  decline_reason text,
  -- What accepting ordered: {"path":"Direct"|"CreditCheck","provisioningRequestIds":[...],"creditCheckOrderIds":[...]}
  order_result jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quotes_seller_idx ON quotes (seller_account_id, created_at DESC, id DESC);
CREATE INDEX quotes_seller_status_idx ON quotes (seller_account_id, status, created_at DESC, id DESC);
CREATE INDEX quotes_customer_idx ON quotes (customer_account_id, created_at DESC, id DESC);
CREATE INDEX quotes_customer_path_idx ON quotes (customer_path text_pattern_ops, created_at DESC, id DESC);
CREATE INDEX quotes_seller_path_idx ON quotes (seller_path text_pattern_ops, created_at DESC, id DESC);
-- Customer quotes of a root or large reseller: newest first, the path tested on the way.
CREATE INDEX quotes_created_idx ON quotes (created_at DESC, id DESC);
CREATE INDEX quotes_sent_expiry_idx ON quotes (valid_until) WHERE status = 'Sent';

CREATE TABLE quote_products (
  quote_id bigint NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  position integer NOT NULL,
  service_id bigint NOT NULL REFERENCES services(id),
  product_name text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_price numeric(14,4) NOT NULL,
  list_price numeric(14,4) NOT NULL,
  setup_fee numeric(14,4) NOT NULL DEFAULT 0,
  discount_percent numeric(5,2) NOT NULL DEFAULT 0,
  commitment text NOT NULL CHECK (commitment IN ('1-month','annual','3-year','other')),
  commitment_months integer NOT NULL CHECK (commitment_months BETWEEN 1 AND 120),
  fee_type text NOT NULL,
  period_months integer NOT NULL DEFAULT 1,
  PRIMARY KEY (quote_id, position)
);
CREATE INDEX quote_products_service_idx ON quote_products (service_id, quote_id);

-- Credit-check orders placed by accepting a quote.
ALTER TABLE credit_check_orders ADD COLUMN quote_id bigint REFERENCES quotes(id) ON DELETE SET NULL;
CREATE INDEX credit_check_orders_quote_idx ON credit_check_orders (quote_id) WHERE quote_id IS NOT NULL;

CREATE TABLE report_runs (
  user_account_id bigint NOT NULL REFERENCES users(account_id) ON DELETE CASCADE,
  report_id text NOT NULL,
  runs integer NOT NULL DEFAULT 0,
  last_run_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_account_id, report_id)
);
