-- Identity: MFA by e-mail, password reset, brute-force throttling, MFA policy
-- methods, the development mailbox (spec §4, §5, §7).

-- An EMAIL method sends its codes to this address (verified by the code that enables it).
ALTER TABLE mfa_methods ADD COLUMN email text;

-- The one outstanding e-mail code of a method: an HMAC of the code, never the
-- code itself. Using it deletes the row, so a code works once.
CREATE TABLE mfa_email_codes (
  method_id bigint PRIMARY KEY REFERENCES mfa_methods(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

-- Methods a policy allows (NULL: any).
ALTER TABLE mfa_policies ADD COLUMN allowed_methods jsonb;

-- Password-reset links: only the SHA-256 of the token is stored; single use.
CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(account_id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id, created_at DESC);

-- Failed sign-in and MFA attempts per key ('account:<user name>' or 'ip:<address>'),
-- shared by every server instance on the database.
CREATE TABLE sign_in_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  last_failure_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);

-- Mails received by the built-in development SMTP server (only used when no SMTP_URL is set).
CREATE TABLE dev_mailbox (
  id bigserial PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  mail_from text NOT NULL DEFAULT '',
  rcpt_to text NOT NULL DEFAULT '',
  raw text NOT NULL
);
