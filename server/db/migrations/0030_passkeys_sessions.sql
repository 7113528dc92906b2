-- Identity II (issue 23): passkeys (WebAuthn) as an MFA method and as a sign-in
-- without a password, and sessions a user can see and end.

-- A passkey is an MFA method like an app or an e-mail address (policies, primary, removal).
ALTER TABLE mfa_methods DROP CONSTRAINT IF EXISTS mfa_methods_method_type_check;
ALTER TABLE mfa_methods ADD CONSTRAINT mfa_methods_method_type_check CHECK (method_type IN ('TOTP', 'EMAIL', 'PASSKEY'));
ALTER TABLE mfa_methods ADD COLUMN last_used_at timestamptz;

-- The public half of a passkey; the private key never leaves the authenticator.
CREATE TABLE webauthn_credentials (
  method_id bigint PRIMARY KEY REFERENCES mfa_methods(id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,          -- base64url, as the browser names it
  public_key text NOT NULL,                    -- COSE key, base64url
  counter bigint NOT NULL DEFAULT 0,           -- signature counter (0 for synced passkeys)
  transports jsonb NOT NULL DEFAULT '[]'::jsonb,
  backup_eligible boolean NOT NULL,            -- may be synced (multi-device)
  backed_up boolean NOT NULL,                  -- is synced now
  aaguid text
);

-- Challenges handed out for a registration or a sign-in: in the database so every instance
-- accepts the answer, deleted when used (once), refused after expires_at (5 minutes).
CREATE TABLE webauthn_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'sign-in')),
  user_id bigint REFERENCES users(account_id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX webauthn_challenges_expiry_idx ON webauthn_challenges (expires_at);

-- What a session list shows: the browser and the address it signed in from.
ALTER TABLE sessions ADD COLUMN user_agent text;
ALTER TABLE sessions ADD COLUMN ip text;
