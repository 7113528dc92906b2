-- API tokens (issue 26): personal tokens of a user and service tokens an admin makes for an account.
-- Only the SHA-256 of the secret is stored; `prefix` is its first characters, shown in lists to tell tokens apart.
-- A token acts as its creator (user_id) narrowed to `capabilities` and to the subtree of `account_id`
-- (null: the creator's own reach); both are intersected with what the creator holds at every call.
CREATE TABLE api_tokens (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('personal', 'service')),
  name text NOT NULL,
  user_id bigint NOT NULL REFERENCES users(account_id) ON DELETE CASCADE,
  account_id bigint REFERENCES accounts(id) ON DELETE CASCADE,
  secret_hash text NOT NULL UNIQUE,
  prefix text NOT NULL,
  capabilities jsonb NOT NULL,
  allowed_ips jsonb NOT NULL DEFAULT '[]'::jsonb,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revoked_by bigint,
  last_used_at timestamptz,
  last_used_ip text,
  CHECK (kind = 'personal' OR account_id IS NOT NULL)
);
CREATE INDEX api_tokens_user_idx ON api_tokens (user_id, created_at DESC);
CREATE INDEX api_tokens_account_idx ON api_tokens (account_id, created_at DESC) WHERE kind = 'service';
