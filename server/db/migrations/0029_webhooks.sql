-- Signed webhooks (issue 26): endpoints an account subscribes, the transactional outbox of events
-- (written by the changing transaction, server/webhooks/emit-event.ts) and one delivery row per
-- endpoint and event, worked by the job runner (server/webhooks/delivery-job.ts).
CREATE TABLE IF NOT EXISTS webhook_endpoints (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  account_path text NOT NULL,
  url text NOT NULL,
  description text NOT NULL DEFAULT '',
  event_types text[] NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  -- 'User' (switched off by a user) or 'Failing' (a day of failed deliveries).
  disabled_reason text,
  -- Standard Webhooks secrets (whsec_…); the previous one still signs until previous_secret_until.
  secret text NOT NULL,
  previous_secret text,
  previous_secret_until timestamptz,
  -- First failed attempt since the last success: a day of failures disables the endpoint.
  failing_since timestamptz,
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS webhook_endpoints_path_idx ON webhook_endpoints (account_path text_pattern_ops) WHERE enabled;
CREATE INDEX IF NOT EXISTS webhook_endpoints_account_idx ON webhook_endpoints (account_id);

-- The outbox: one row per event, inserted in the transaction of the change it tells about.
CREATE TABLE IF NOT EXISTS webhook_events (
  id bigserial PRIMARY KEY,
  message_id text NOT NULL UNIQUE,
  event_type text NOT NULL,
  -- What the event is about ("quote:12"); deliveries keep order per endpoint and subject.
  subject text NOT NULL,
  -- The account the event belongs to: endpoints of it and of its ancestors receive it.
  account_path text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  fanned_out boolean NOT NULL DEFAULT false
);
CREATE INDEX IF NOT EXISTS webhook_events_unfanned_idx ON webhook_events (id) WHERE NOT fanned_out;

CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id bigserial PRIMARY KEY,
  endpoint_id bigint NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_id bigint NOT NULL REFERENCES webhook_events(id),
  subject text NOT NULL,
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Succeeded', 'Failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- A claimed delivery is leased; a killed instance's lease runs out and another instance takes it.
  locked_until timestamptz,
  last_attempt_at timestamptz,
  response_status integer,
  response_excerpt text,
  error text,
  replay_of bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX IF NOT EXISTS webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'Pending';
CREATE INDEX IF NOT EXISTS webhook_deliveries_subject_idx ON webhook_deliveries (endpoint_id, subject, id) WHERE status = 'Pending';
CREATE INDEX IF NOT EXISTS webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, id DESC);
CREATE INDEX IF NOT EXISTS webhook_deliveries_event_idx ON webhook_deliveries (event_id);

-- Who may manage webhooks: a capability of its own, given to the administrators' demo sets.
UPDATE capability_sets SET capabilities = capabilities || '[{"ObjectType":"WEBHOOKS","Read":true,"Execute":true,"Create":true,"Delete":true}]'::jsonb
 WHERE name IN ('Full administration', 'Reseller administration') AND NOT capabilities @> '[{"ObjectType":"WEBHOOKS"}]'::jsonb;
UPDATE capability_sets SET capabilities = capabilities || '[{"ObjectType":"WEBHOOKS","Read":true,"Execute":true}]'::jsonb
 WHERE name = 'Company administration' AND NOT capabilities @> '[{"ObjectType":"WEBHOOKS"}]'::jsonb;
