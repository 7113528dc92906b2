-- Single sign-on (spec §2, §7 AuthenticateOpenId, AuthenticateWithSubConfirmation).

-- An OpenID subject of a configured provider (sso_id = the provider's id in the
-- server's SSO configuration), linked to one portal user.
CREATE TABLE sso_identities (
  sso_id text NOT NULL,
  subject text NOT NULL,
  user_id bigint NOT NULL REFERENCES users(account_id) ON DELETE CASCADE,
  linked_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  PRIMARY KEY (sso_id, subject)
);
-- One subject per provider and user: linking another one replaces it.
CREATE UNIQUE INDEX sso_identities_user_idx ON sso_identities (sso_id, user_id);

-- States are signed and carry their own expiry, so nothing is stored when one is
-- issued; a state is burnt by inserting (the hash of) its nonce here. Rows older
-- than a state's lifetime are purged.
CREATE TABLE sso_used_states (
  nonce_hash text PRIMARY KEY,
  used_at timestamptz NOT NULL DEFAULT now()
);

-- A subject the provider confirmed but no user is linked to yet: the browser
-- holds a random token (only its hash is here) for /sso-link/{token}.
CREATE TABLE sso_pending_links (
  token_hash text PRIMARY KEY,
  sso_id text NOT NULL,
  subject text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sso_pending_links_created_idx ON sso_pending_links (created_at);
