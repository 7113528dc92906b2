-- Catalogue, pricing, orders, provisioning, imports, custom charges.

CREATE TABLE services (
  id bigserial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  display_name text NOT NULL,
  vendor_account_id bigint NOT NULL REFERENCES accounts(id),
  category text NOT NULL,
  service_group text NOT NULL DEFAULT 'General',
  product_number text NOT NULL,
  vendor_sku text NOT NULL,
  billing_rule text NOT NULL DEFAULT 'Monthly',
  fee_type text NOT NULL CHECK (fee_type IN ('base','monthly','one-time','per N months','prepaid N months')),
  currency text NOT NULL DEFAULT 'EUR',
  base_fee numeric(14,4) NOT NULL DEFAULT 0,
  purchase_price numeric(14,4) NOT NULL DEFAULT 0,
  sales_price numeric(14,4) NOT NULL DEFAULT 0,
  suggested_retail_price numeric(14,4) NOT NULL DEFAULT 0,
  tags text[] NOT NULL DEFAULT '{}',
  icon text,
  is_new boolean NOT NULL DEFAULT false,
  ranking integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  modified_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX services_vendor_idx ON services (vendor_account_id);
CREATE INDEX services_name_idx ON services (lower(display_name) text_pattern_ops);

-- Marketplaces are the pricelists of spec §2 (/pricelists).
CREATE TABLE marketplaces (
  id bigserial PRIMARY KEY,
  owner_account_id bigint NOT NULL REFERENCES accounts(id),
  name text NOT NULL,
  currency text NOT NULL DEFAULT 'EUR',
  price_priority integer NOT NULL DEFAULT 100,
  properties jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE marketplace_services (
  marketplace_id bigint NOT NULL REFERENCES marketplaces(id) ON DELETE CASCADE,
  service_id bigint NOT NULL REFERENCES services(id) ON DELETE CASCADE,
  sales_price numeric(14,4) NOT NULL,
  PRIMARY KEY (marketplace_id, service_id)
);

CREATE TABLE marketplace_customers (
  marketplace_id bigint NOT NULL REFERENCES marketplaces(id) ON DELETE CASCADE,
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  PRIMARY KEY (marketplace_id, account_id)
);

CREATE TABLE pricing_rules (
  id bigserial PRIMARY KEY,
  owner_account_id bigint NOT NULL REFERENCES accounts(id),
  name text NOT NULL,
  priority integer NOT NULL,
  vendor_account_id bigint REFERENCES accounts(id),
  service_group text,
  priceable_item text,
  pricing_model text NOT NULL CHECK (pricing_model IN ('Static','SRP','Markup','Gross margin','SRP discount')),
  value numeric(14,4) NOT NULL DEFAULT 0,
  is_default boolean NOT NULL DEFAULT false
);
CREATE INDEX pricing_rules_owner_idx ON pricing_rules (owner_account_id, priority);

CREATE TABLE provisioning_requests (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  company_account_id bigint REFERENCES accounts(id),
  -- AccountPath of the product account, copied so scope checks need no join.
  account_path text NOT NULL,
  customer_id text,
  subscription_id text,
  order_id text,
  sdp_order_id text,
  order_action text NOT NULL,
  order_target text,
  order_status text NOT NULL,
  product_status text,
  is_final_status boolean NOT NULL DEFAULT false,
  is_rollback_completed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sent_at timestamptz,
  error_message text,
  error_details text,
  response_history jsonb NOT NULL DEFAULT '[]'::jsonb
);
CREATE INDEX provisioning_requests_account_idx ON provisioning_requests (account_id, created_at DESC);
CREATE INDEX provisioning_requests_path_idx ON provisioning_requests (account_path text_pattern_ops, created_at DESC, id DESC);
CREATE INDEX provisioning_requests_created_idx ON provisioning_requests (created_at DESC, id DESC);
CREATE INDEX provisioning_requests_status_idx ON provisioning_requests (order_status, created_at DESC, id DESC);

CREATE TABLE imports (
  id bigserial PRIMARY KEY,
  owner_account_id bigint NOT NULL REFERENCES accounts(id),
  creator_user_id bigint REFERENCES users(account_id),
  name text NOT NULL,
  import_type text NOT NULL,
  scheduled_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL CHECK (status IN ('Pending','In progress','Completed','Failed','Cancelled')),
  imported_accounts_count integer NOT NULL DEFAULT 0,
  errors_count integer NOT NULL DEFAULT 0,
  total_rows integer NOT NULL DEFAULT 0,
  source text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX imports_owner_idx ON imports (owner_account_id, created_at DESC);

CREATE TABLE import_accounts (
  id bigserial PRIMARY KEY,
  import_id bigint NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
  row_number integer NOT NULL,
  data jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('Pending','Imported','Failed','Cancelled')),
  error text,
  account_id bigint REFERENCES accounts(id),
  UNIQUE (import_id, row_number)
);

CREATE TABLE credit_check_orders (
  id bigserial PRIMARY KEY,
  creator_user_id bigint NOT NULL REFERENCES users(account_id),
  parent_account_id bigint NOT NULL REFERENCES accounts(id),
  payer_account_id bigint NOT NULL REFERENCES accounts(id),
  seller_account_id bigint NOT NULL REFERENCES accounts(id),
  service_id bigint REFERENCES services(id),
  product_name text,
  quantity integer NOT NULL DEFAULT 1,
  credit_limit numeric(14,2) NOT NULL,
  order_value numeric(14,2) NOT NULL,
  currency text NOT NULL DEFAULT 'EUR',
  approval_status text NOT NULL CHECK (approval_status IN ('Pending','Approved','Rejected','Cancelled')),
  reason text,
  updated_by bigint REFERENCES users(account_id),
  files jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_check_orders_parent_idx ON credit_check_orders (parent_account_id, created_at DESC);

CREATE TABLE invoices (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  period_end date NOT NULL,
  currency text NOT NULL DEFAULT 'EUR',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, period_end)
);

CREATE TABLE custom_charges (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  name text NOT NULL,
  price numeric(14,4) NOT NULL,
  cost numeric(14,4) NOT NULL DEFAULT 0,
  currency text NOT NULL DEFAULT 'EUR',
  attachment text,
  creator_user_id bigint REFERENCES users(account_id),
  created_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'Pending billing' CHECK (status IN ('Pending billing','Billed')),
  invoice_id bigint REFERENCES invoices(id)
);
CREATE INDEX custom_charges_account_idx ON custom_charges (account_id, created_at DESC);
