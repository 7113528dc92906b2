-- Quote counts kept by statement-level triggers (as 0006 does for provisioning requests), so the exact
-- total of a quote list, unfiltered or filtered by status, is a sum over a handful of rows instead of a
-- count over every quote in it (100,000 for a large reseller):
-- - quote_counts: per seller and status (my quotes);
-- - quote_customer_counts: per ancestor path of the customer and status (customer quotes: the quotes
--   whose customer_path is below a scope path), the ancestors as provisioning_scope_paths gives them.

CREATE TABLE quote_counts (
  seller_account_id bigint NOT NULL,
  status text NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (seller_account_id, status)
);

CREATE TABLE quote_customer_counts (
  scope_path text NOT NULL,
  status text NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (scope_path, status)
);

INSERT INTO quote_counts (seller_account_id, status, n)
SELECT seller_account_id, status, count(*) FROM quotes GROUP BY 1, 2;

INSERT INTO quote_customer_counts (scope_path, status, n)
SELECT s.scope_path, q.status, count(*) FROM quotes q CROSS JOIN LATERAL provisioning_scope_paths(q.customer_path) s(scope_path) GROUP BY 1, 2;

-- One trigger function for the three events: the quote rows as signed deltas (+1 inserted or new,
-- -1 deleted or old; the transition tables are visible to EXECUTE), added to both counts. Ordered
-- upserts take the counter rows' locks in one order: concurrent statements wait, never deadlock.
CREATE FUNCTION quote_counts_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT seller_account_id, customer_path, status, 1 AS delta FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT seller_account_id, customer_path, status, -1 AS delta FROM old_rows'
    ELSE 'SELECT seller_account_id, customer_path, status, -1 AS delta FROM old_rows
          UNION ALL SELECT seller_account_id, customer_path, status, 1 FROM new_rows' END;
BEGIN
  EXECUTE format(
    'INSERT INTO quote_counts (seller_account_id, status, n)
     SELECT seller_account_id, status, sum(delta) FROM (%s) d GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
     ON CONFLICT (seller_account_id, status) DO UPDATE SET n = quote_counts.n + EXCLUDED.n', deltas);
  EXECUTE format(
    'INSERT INTO quote_customer_counts (scope_path, status, n)
     SELECT s.scope_path, d.status, sum(d.delta) FROM (%s) d CROSS JOIN LATERAL provisioning_scope_paths(d.customer_path) s(scope_path)
      GROUP BY 1, 2 HAVING sum(d.delta) <> 0 ORDER BY 1, 2
     ON CONFLICT (scope_path, status) DO UPDATE SET n = quote_customer_counts.n + EXCLUDED.n', deltas);
  RETURN NULL;
END $$;

CREATE TRIGGER quote_counts_insert AFTER INSERT ON quotes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION quote_counts_after_change();
CREATE TRIGGER quote_counts_update AFTER UPDATE ON quotes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION quote_counts_after_change();
CREATE TRIGGER quote_counts_delete AFTER DELETE ON quotes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION quote_counts_after_change();
