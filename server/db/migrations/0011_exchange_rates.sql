-- Exchange rates of the online bill (Billing/Onlinebill_*): a line is converted to the report currency
-- only through these rates; a currency without a rate is refused, never guessed. One rate per currency,
-- as units of it per euro (EUR itself is 1). Demo data fills them; operators keep them up to date.
CREATE TABLE IF NOT EXISTS exchange_rates (
  currency text PRIMARY KEY CHECK (currency ~ '^[A-Z]{3}$'),
  per_eur numeric(18,8) NOT NULL CHECK (per_eur > 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

