-- Quote counts per seller and status, kept by statement-level triggers (as 0006 does for provisioning
-- requests): the exact total of a seller's quote list, unfiltered or filtered by status, is a sum over a
-- handful of rows instead of a count over every quote of the seller (100,000 for a large reseller).

CREATE TABLE quote_counts (
  seller_account_id bigint NOT NULL,
  status text NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (seller_account_id, status)
);

INSERT INTO quote_counts (seller_account_id, status, n)
SELECT seller_account_id, status, count(*) FROM quotes GROUP BY 1, 2;

-- Ordered upserts take the counter rows' locks in one order: concurrent statements wait, never deadlock.
CREATE FUNCTION quote_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO quote_counts (seller_account_id, status, n)
  SELECT seller_account_id, status, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (seller_account_id, status) DO UPDATE SET n = quote_counts.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE FUNCTION quote_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO quote_counts (seller_account_id, status, n)
  SELECT seller_account_id, status, sum(delta)
    FROM (SELECT seller_account_id, status, -1 AS delta FROM old_rows
          UNION ALL
          SELECT seller_account_id, status, 1 FROM new_rows) d
   GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
  ON CONFLICT (seller_account_id, status) DO UPDATE SET n = quote_counts.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE FUNCTION quote_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO quote_counts (seller_account_id, status, n)
  SELECT seller_account_id, status, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (seller_account_id, status) DO UPDATE SET n = quote_counts.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE TRIGGER quote_counts_insert AFTER INSERT ON quotes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION quote_counts_after_insert();
CREATE TRIGGER quote_counts_update AFTER UPDATE ON quotes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION quote_counts_after_update();
CREATE TRIGGER quote_counts_delete AFTER DELETE ON quotes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION quote_counts_after_delete();
