-- SearchAccount at 200 connections (issue 37): the search's indexes answer without scanning.
-- User names by prefix: lower(username) in byte order (text_pattern_ops), for the search's range
-- `lower(username) ~>=~ text AND ~<~ text-one-up`; users_username_idx (0001) orders by the
-- database's collation, which LIKE 'text%' and that range cannot use (C.UTF-8 is not "C").
CREATE INDEX users_username_prefix_idx ON users (lower(username) text_pattern_ops);
-- The accounts' search documents (GIN, 0004 and 0015) are written straight into the index: with
-- fastupdate on, a new account waited in the index's pending list, which every search read through
-- in full (200 accounts added made the search's index scan 8 times slower until a vacuum merged them).
ALTER INDEX accounts_search_idx SET (fastupdate = off);
ALTER INDEX accounts_org_search_idx SET (fastupdate = off);
SELECT gin_clean_pending_list('accounts_search_idx'::regclass), gin_clean_pending_list('accounts_org_search_idx'::regclass);
