-- Upgrade wizard (issue 13 item 4): a prepared upgrade of a subscription to
-- another product (Account/GetUpgradeProcessValues), run once by
-- Account/ExecuteAccountUpgradeProcess within 30 minutes of being prepared.
CREATE TABLE account_upgrade_processes (
  id bigserial PRIMARY KEY,
  source_account_id bigint NOT NULL REFERENCES accounts(id),
  target_service_id bigint NOT NULL REFERENCES services(id),
  target_product_name text NOT NULL,
  -- An existing subscription of the target product that is modified instead of creating one.
  target_account_id bigint REFERENCES accounts(id),
  variant text NOT NULL CHECK (variant IN ('Full', 'Partial')),
  -- The target's values (view -> field -> value), checked against its CREATE or EDIT layout.
  views jsonb NOT NULL,
  -- The values passed the layout's checks (else the form must be completed and sent again).
  ready boolean NOT NULL,
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'Prepared' CHECK (status IN ('Prepared', 'Executed')),
  executed_at timestamptz,
  result jsonb
);
CREATE INDEX account_upgrade_processes_source_idx ON account_upgrade_processes (source_account_id);
