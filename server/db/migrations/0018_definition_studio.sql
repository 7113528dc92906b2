-- Definition studio (issue 15): view layouts and screen definitions edited in the
-- portal, versioned. The files of screen-definitions/layouts and screen-definitions stay the
-- baseline (version 0); a published version here overrides its file.

CREATE TABLE definition_versions (
  kind text NOT NULL CHECK (kind IN ('layout', 'screen')),
  name text NOT NULL,
  version integer NOT NULL CHECK (version > 0),
  source text NOT NULL,
  author_user_id bigint,
  author_name text NOT NULL,
  comment text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, name, version)
);

-- One row per definition the studio touched: which version is served (0 = the file)
-- and the latest version saved (the base an editor must name to save over it).
CREATE TABLE definition_heads (
  kind text NOT NULL CHECK (kind IN ('layout', 'screen')),
  name text NOT NULL,
  published_version integer NOT NULL DEFAULT 0,
  latest_version integer NOT NULL DEFAULT 0,
  published_at timestamptz,
  published_by text,
  PRIMARY KEY (kind, name)
);

-- Existing databases: the platform's full administration and vendor administration sets get the studio.
UPDATE capability_sets SET capabilities = capabilities || '[{"ObjectType":"DEFINITION_STUDIO","Read":true,"Execute":true,"Create":true,"Delete":true}]'::jsonb
 WHERE name = 'Full administration' AND NOT capabilities @> '[{"ObjectType":"DEFINITION_STUDIO"}]'::jsonb;
UPDATE capability_sets SET capabilities = capabilities || '[{"ObjectType":"DEFINITION_STUDIO","Read":true,"Execute":true}]'::jsonb
 WHERE name = 'Vendor administration' AND NOT capabilities @> '[{"ObjectType":"DEFINITION_STUDIO"}]'::jsonb;
