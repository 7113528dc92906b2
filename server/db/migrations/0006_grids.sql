-- Provisioning grid at large volumes (1M requests): an index behind every sort
-- and filter the screen definition offers, and exact totals without counting rows.

-- Sort indexes with one direction throughout, so a keyset continuation is a row
-- comparison `(key, created_at, id) < (...)` scanned forwards or backwards.
-- They replace the mixed-direction status and account indexes of 0002.
DROP INDEX IF EXISTS provisioning_requests_status_idx;
DROP INDEX IF EXISTS provisioning_requests_account_idx;
CREATE INDEX provisioning_requests_status_sort_idx ON provisioning_requests (order_status, created_at, id);
CREATE INDEX provisioning_requests_action_sort_idx ON provisioning_requests (order_action, created_at, id);
CREATE INDEX provisioning_requests_account_sort_idx ON provisioning_requests (account_id, created_at, id);
CREATE INDEX provisioning_requests_company_sort_idx ON provisioning_requests (company_account_id, created_at, id);
-- Order ids may be missing: sorted and compared as '' so the keyset never meets a NULL.
CREATE INDEX provisioning_requests_order_sort_idx ON provisioning_requests ((coalesce(order_id, '')), id);
CREATE INDEX provisioning_requests_subscription_idx ON provisioning_requests (subscription_id, created_at, id);

-- Request counts per ancestor path of the request's account, status and action:
-- the total of a scope, unfiltered or filtered by status/action, is a sum over a
-- handful of rows plus the (few) requests of the scope account itself, instead
-- of a count over up to a million rows. Kept by statement-level triggers below.
-- The account's own path is left out: leaf accounts hold few requests, and
-- counting them directly keeps this table small.
CREATE TABLE provisioning_request_counts (
  scope_path text NOT NULL,
  order_status text NOT NULL,
  order_action text NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (scope_path, order_status, order_action)
);

-- The ancestor paths of a path: '1/2/6/40' → '1', '1/2', '1/2/6'.
CREATE FUNCTION provisioning_scope_paths(path text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_string(parts[1:i], '/')
    FROM (SELECT string_to_array(path, '/') AS parts) p, generate_series(1, cardinality(p.parts) - 1) i
$$;

-- Ordered inserts take the counter rows' locks in one order: concurrent bulk
-- actions wait for each other instead of deadlocking.
CREATE FUNCTION provisioning_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO provisioning_request_counts (scope_path, order_status, order_action, n)
  SELECT s.scope_path, r.order_status, r.order_action, count(*)
    FROM new_rows r CROSS JOIN LATERAL provisioning_scope_paths(r.account_path) s(scope_path)
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (scope_path, order_status, order_action) DO UPDATE SET n = provisioning_request_counts.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE FUNCTION provisioning_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO provisioning_request_counts (scope_path, order_status, order_action, n)
  SELECT scope_path, order_status, order_action, sum(delta)
    FROM (SELECT s.scope_path, r.order_status, r.order_action, -1 AS delta
            FROM old_rows r CROSS JOIN LATERAL provisioning_scope_paths(r.account_path) s(scope_path)
          UNION ALL
          SELECT s.scope_path, r.order_status, r.order_action, 1
            FROM new_rows r CROSS JOIN LATERAL provisioning_scope_paths(r.account_path) s(scope_path)) d
   GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (scope_path, order_status, order_action) DO UPDATE SET n = provisioning_request_counts.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE FUNCTION provisioning_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO provisioning_request_counts (scope_path, order_status, order_action, n)
  SELECT s.scope_path, r.order_status, r.order_action, -count(*)
    FROM old_rows r CROSS JOIN LATERAL provisioning_scope_paths(r.account_path) s(scope_path)
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (scope_path, order_status, order_action) DO UPDATE SET n = provisioning_request_counts.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE TRIGGER provisioning_counts_insert AFTER INSERT ON provisioning_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION provisioning_counts_after_insert();
CREATE TRIGGER provisioning_counts_update AFTER UPDATE ON provisioning_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION provisioning_counts_after_update();
CREATE TRIGGER provisioning_counts_delete AFTER DELETE ON provisioning_requests
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION provisioning_counts_after_delete();

-- Requests already there (databases seeded before this migration).
INSERT INTO provisioning_request_counts (scope_path, order_status, order_action, n)
SELECT s.scope_path, r.order_status, r.order_action, count(*)
  FROM provisioning_requests r CROSS JOIN LATERAL provisioning_scope_paths(r.account_path) s(scope_path)
 GROUP BY 1, 2, 3;
