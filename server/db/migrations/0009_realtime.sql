-- Security service and live connection (issue 4 item 7).

-- Capability sets get a description like roles have.
ALTER TABLE capability_sets ADD COLUMN IF NOT EXISTS description text NOT NULL DEFAULT '';

-- Lookups the Security service makes: sets and roles by owner, holders of a role, roles using a set.
CREATE INDEX IF NOT EXISTS capability_sets_owner_idx ON capability_sets (owner_account_id);
CREATE INDEX IF NOT EXISTS roles_owner_idx ON roles (owner_account_id);
CREATE INDEX IF NOT EXISTS user_roles_role_idx ON user_roles (role_id);
CREATE INDEX IF NOT EXISTS role_capability_sets_set_idx ON role_capability_sets (capability_set_id);

-- The maintenance schedule lives in settings under 'realtime.maintenance' (no table needed).
