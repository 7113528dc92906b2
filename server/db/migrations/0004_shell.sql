-- The shell: global account search, support details per account, product terms
-- acceptances and chat assistant tokens.

-- Global search (Account/SearchAccount) matches every word of the query as the
-- prefix of a word of the display name or AccountIdentificator. One immutable
-- function builds the searched document, so the GIN index below and the query
-- use the same expression. Punctuation becomes a space first: "CO-100001" is
-- the words "co" and "100001" (the default parser would read "-100001").
CREATE FUNCTION account_search_document(display_name text, views jsonb) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT to_tsvector('simple', regexp_replace(
          coalesce(display_name, '') || ' ' || coalesce(views->'Values'->>'AccountIdentificator', ''),
          '[^[:alnum:]]+', ' ', 'g')) $$;

CREATE INDEX accounts_search_idx ON accounts USING gin (account_search_document(display_name, views));

-- Support contacts an account gives the users below it (Account/GetSupportDetails):
-- the nearest account on a user's path that has a row wins, field by field,
-- over the operator's defaults from the branding file.
CREATE TABLE support_details (
  account_id bigint PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  details jsonb NOT NULL DEFAULT '{}'::jsonb
);

-- Acceptance of a product's terms for an account ordering it
-- (Marketplace/AcceptTermsAndConditions with a productName). The marketplace's
-- own terms are accepted per user in terms_acceptances (0001).
CREATE TABLE product_terms_acceptances (
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  product_name text NOT NULL,
  user_id bigint REFERENCES users(account_id) ON DELETE SET NULL,
  accepted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, product_name)
);

-- Chat assistant tokens (ChatBot/GetToken): only a hash is kept, valid one hour.
CREATE TABLE chat_bot_tokens (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(account_id) ON DELETE CASCADE,
  impersonator_id bigint REFERENCES users(account_id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX chat_bot_tokens_user_idx ON chat_bot_tokens (user_id, expires_at);
