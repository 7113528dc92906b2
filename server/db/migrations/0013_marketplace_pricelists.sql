-- Pricelists (marketplaces): description, per-service purchase price / SRP / fee type, propagation
-- filters as rows, and the asynchronous price-update jobs (server/services/marketplace/).

ALTER TABLE marketplaces ADD COLUMN IF NOT EXISTS description text NOT NULL DEFAULT '';
UPDATE marketplaces SET description = coalesce(properties->>'Description', '') WHERE description = '';
CREATE INDEX IF NOT EXISTS marketplaces_owner_idx ON marketplaces (owner_account_id, price_priority, id);

-- Prices of a service in a pricelist, in the pricelist's currency. NULL purchase price / SRP / fee
-- type: the service's own (converted), for rows written before this migration.
ALTER TABLE marketplace_services ADD COLUMN IF NOT EXISTS purchase_price numeric(14,4);
ALTER TABLE marketplace_services ADD COLUMN IF NOT EXISTS suggested_retail_price numeric(14,4);
ALTER TABLE marketplace_services ADD COLUMN IF NOT EXISTS fee_type text;
ALTER TABLE marketplace_services ADD COLUMN IF NOT EXISTS updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX IF NOT EXISTS marketplace_services_service_idx ON marketplace_services (service_id);
CREATE INDEX IF NOT EXISTS marketplace_customers_account_idx ON marketplace_customers (account_id);
-- The prices grid's default and price sorts pick a page without sorting the whole pricelist.
CREATE INDEX IF NOT EXISTS services_display_order_idx ON services (lower(display_name), id);
CREATE INDEX IF NOT EXISTS marketplace_services_price_idx ON marketplace_services (marketplace_id, sales_price, service_id);

-- Propagation filters (spec §3, §5). An empty vendor list means every vendor.
CREATE TABLE IF NOT EXISTS marketplace_propagation_filters (
  id bigserial PRIMARY KEY,
  marketplace_id bigint NOT NULL REFERENCES marketplaces(id) ON DELETE CASCADE,
  vendor_filter_type text NOT NULL CHECK (vendor_filter_type IN ('Include', 'Exclude')),
  vendor_account_ids bigint[] NOT NULL DEFAULT '{}',
  included_tags text[] NOT NULL DEFAULT '{}',
  excluded_tags text[] NOT NULL DEFAULT '{}'
);
CREATE INDEX IF NOT EXISTS marketplace_propagation_filters_marketplace_idx ON marketplace_propagation_filters (marketplace_id, id);

INSERT INTO marketplace_propagation_filters (marketplace_id, vendor_filter_type, vendor_account_ids, included_tags, excluded_tags)
SELECT m.id,
       CASE WHEN f->>'VendorFilterType' = 'Exclude' THEN 'Exclude' ELSE 'Include' END,
       coalesce(ARRAY(SELECT jsonb_array_elements_text(f->'VendorAccountIds'))::bigint[], '{}'),
       coalesce(ARRAY(SELECT jsonb_array_elements_text(f->'IncludedTags')), '{}'),
       coalesce(ARRAY(SELECT jsonb_array_elements_text(f->'ExcludedTags')), '{}')
  FROM marketplaces m, jsonb_array_elements(coalesce(m.properties->'PropagationFilters', '[]'::jsonb)) AS f
 WHERE NOT EXISTS (SELECT 1 FROM marketplace_propagation_filters p WHERE p.marketplace_id = m.id);

-- A price save or a propagation: answered at once with the job id, applied by the job runner in
-- batches (one transaction each: the batch's rows and their done flags), so a killed server resumes
-- where it was without losing or repeating a row.
CREATE TABLE IF NOT EXISTS marketplace_update_jobs (
  id bigserial PRIMARY KEY,
  marketplace_id bigint NOT NULL REFERENCES marketplaces(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('Update', 'Propagate')),
  status text NOT NULL CHECK (status IN ('Pending', 'In progress', 'Completed', 'Failed')),
  update_charges boolean NOT NULL DEFAULT false,
  total_items integer NOT NULL DEFAULT 0,
  processed_items integer NOT NULL DEFAULT 0,
  failure text,
  creator_user_id bigint REFERENCES users(account_id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX IF NOT EXISTS marketplace_update_jobs_open_idx ON marketplace_update_jobs (id) WHERE status IN ('Pending', 'In progress');
CREATE INDEX IF NOT EXISTS marketplace_update_jobs_marketplace_idx ON marketplace_update_jobs (marketplace_id, id DESC);

CREATE TABLE IF NOT EXISTS marketplace_update_items (
  job_id bigint NOT NULL REFERENCES marketplace_update_jobs(id) ON DELETE CASCADE,
  seq integer NOT NULL,
  service_id bigint NOT NULL REFERENCES services(id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('Set', 'Remove')),
  sales_price numeric(14,4),
  purchase_price numeric(14,4),
  suggested_retail_price numeric(14,4),
  fee_type text,
  done boolean NOT NULL DEFAULT false,
  PRIMARY KEY (job_id, seq)
);
CREATE INDEX IF NOT EXISTS marketplace_update_items_pending_idx ON marketplace_update_items (job_id, seq) WHERE NOT done;
