-- Issue 34: a passkey challenge counts only in the browser that asked for it (`binding_hash`: the
-- SHA-256 of that browser's binding cookie for sign-in, its session's hash for registration), and the
-- WebAuthn user handle is a random value per user instead of the account id. Passkeys registered
-- before keep the handle their authenticator stores (the account id), kept per credential.
ALTER TABLE webauthn_challenges ADD COLUMN binding_hash text;
ALTER TABLE users ADD COLUMN webauthn_user_handle text NOT NULL
  DEFAULT translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_');
CREATE UNIQUE INDEX users_webauthn_user_handle_idx ON users (webauthn_user_handle);
ALTER TABLE webauthn_credentials ADD COLUMN user_handle text;
UPDATE webauthn_credentials c SET user_handle = translate(encode(convert_to(m.user_id::text, 'UTF8'), 'base64'), '+/=', '-_')
  FROM mfa_methods m WHERE m.id = c.method_id;
ALTER TABLE webauthn_credentials ALTER COLUMN user_handle SET NOT NULL;
