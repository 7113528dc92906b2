-- Accounts and context (issue 16 items 2, 3).

-- The organisation kinds a role is meant for: 'Platform' (the root organisation), 'Reseller',
-- 'Vendor', 'Company'. A user is offered a role only when its organisation is of one of these
-- kinds; NULL means every kind (roles made before this column, and roles made without it).
ALTER TABLE roles ADD COLUMN IF NOT EXISTS account_types text[];

-- The accounts screen's grid of one account's children sorted by creation date (by name:
-- accounts_parent_name_idx of 0015).
CREATE INDEX IF NOT EXISTS accounts_parent_created_idx ON accounts (parent_id, created_at, id);
