-- Issue 34: a token acts for a living user, where that user was when it made the token.
-- `issued_path` is the holder's account path at issue: a move of the holder (or of an account above
-- it) stops the token at its next call. `revoked_reason` says why the portal revoked a token
-- ('mfaReset', 'passwordReset', 'allByHolder', 'byAdministrator'; null: revoked one by one).
ALTER TABLE api_tokens ADD COLUMN issued_path text;
UPDATE api_tokens t SET issued_path = a.path FROM accounts a WHERE a.id = t.user_id;
UPDATE api_tokens SET issued_path = '' WHERE issued_path IS NULL;
ALTER TABLE api_tokens ALTER COLUMN issued_path SET NOT NULL;
ALTER TABLE api_tokens ADD COLUMN revoked_reason text;
