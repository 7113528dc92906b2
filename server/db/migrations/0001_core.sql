-- Core schema: accounts and their hierarchy, users, security, sessions, audit.

CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

-- Every party is an account: Reseller, Vendor, Company, Department, User and
-- product accounts (subscriptions, AccountType 'Product' with a product_name).
-- path is the AccountPath of spec §3: slash-separated ids from the root to the
-- account itself, so "on or below X" is `path = X.path OR path LIKE X.path || '/%'`.
CREATE TABLE accounts (
  id bigserial PRIMARY KEY,
  parent_id bigint REFERENCES accounts(id),
  account_type text NOT NULL CHECK (account_type IN ('Reseller','Vendor','Company','Department','User','Product')),
  product_name text,
  state text NOT NULL DEFAULT 'Active' CHECK (state IN ('Active','Suspended','Terminated')),
  path text NOT NULL DEFAULT '',
  display_name text NOT NULL,
  views jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX accounts_parent_idx ON accounts (parent_id);
CREATE INDEX accounts_path_idx ON accounts (path text_pattern_ops);
CREATE INDEX accounts_name_idx ON accounts (lower(display_name) text_pattern_ops);

CREATE TABLE users (
  account_id bigint PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  username text NOT NULL,
  password_hash text NOT NULL,
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  language text NOT NULL DEFAULT 'en',
  last_logon timestamptz
);
CREATE UNIQUE INDEX users_username_idx ON users (lower(username));

CREATE TABLE password_history (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(account_id) ON DELETE CASCADE,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_history_user_idx ON password_history (user_id, created_at DESC);

-- Security: capability sets (lists of capabilities) are bundled into roles,
-- roles are given to users. A user's capabilities are the union.
CREATE TABLE capability_sets (
  id bigserial PRIMARY KEY,
  owner_account_id bigint NOT NULL REFERENCES accounts(id),
  name text NOT NULL,
  is_template boolean NOT NULL DEFAULT false,
  capabilities jsonb NOT NULL DEFAULT '[]'::jsonb
);

CREATE TABLE roles (
  id bigserial PRIMARY KEY,
  owner_account_id bigint NOT NULL REFERENCES accounts(id),
  name text NOT NULL,
  description text NOT NULL DEFAULT ''
);

CREATE TABLE role_capability_sets (
  role_id bigint NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  capability_set_id bigint NOT NULL REFERENCES capability_sets(id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, capability_set_id)
);

CREATE TABLE user_roles (
  user_id bigint NOT NULL REFERENCES users(account_id) ON DELETE CASCADE,
  role_id bigint NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, role_id)
);

-- Server-side sessions, shared by every server instance on the same database.
-- Only a hash of the session id is stored.
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(account_id) ON DELETE CASCADE,
  impersonator_id bigint REFERENCES users(account_id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  mfa_verified_at timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE mfa_methods (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(account_id) ON DELETE CASCADE,
  method_type text NOT NULL CHECK (method_type IN ('TOTP','EMAIL')),
  name text NOT NULL,
  secret text,
  is_primary boolean NOT NULL DEFAULT false,
  is_enabled boolean NOT NULL DEFAULT false,
  last_used_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mfa_methods_user_idx ON mfa_methods (user_id);

-- MFA enforcement per account (or its whole hierarchy), with exceptions.
CREATE TABLE mfa_policies (
  account_id bigint PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  enforced boolean NOT NULL DEFAULT false,
  applies_to_hierarchy boolean NOT NULL DEFAULT false,
  exceptions jsonb NOT NULL DEFAULT '[]'::jsonb
);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  account_id bigint REFERENCES accounts(id) ON DELETE SET NULL,
  actor_user_id bigint,
  impersonator_user_id bigint,
  action text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_account_idx ON audit_log (account_id, created_at DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_user_id, created_at DESC);

CREATE TABLE terms (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  terms_text text NOT NULL,
  pdf_path text,
  is_privacy_policy boolean NOT NULL DEFAULT false
);

CREATE TABLE terms_acceptances (
  user_id bigint NOT NULL REFERENCES users(account_id) ON DELETE CASCADE,
  terms_id bigint NOT NULL REFERENCES terms(id) ON DELETE CASCADE,
  accepted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, terms_id)
);

CREATE TABLE notification_preferences (
  user_id bigint PRIMARY KEY REFERENCES users(account_id) ON DELETE CASCADE,
  preferences jsonb NOT NULL DEFAULT '{}'::jsonb
);

CREATE TABLE ip_restrictions (
  account_id bigint PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  restrictions jsonb NOT NULL DEFAULT '[]'::jsonb
);
