-- The service catalogue's own data (issue 12, server/services/catalog/).
--
-- Localizable fields: the texts of a service per language (DisplayName, ShortDescription,
-- Description, Features), edited by its vendor through the Excel round trip of the service tool.
-- English is the reference language; other languages fall back to it where a text is missing.
CREATE TABLE IF NOT EXISTS service_localizable_fields (
  service_id bigint NOT NULL REFERENCES services(id) ON DELETE CASCADE,
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  field text NOT NULL,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (service_id, language, field)
);

-- Service images served at /keeper/getimage/{path}/{width}/{height}; services.icon holds the path
-- ("<32 hex characters>/<23-character file name>", spec §5).
CREATE TABLE IF NOT EXISTS service_images (
  path text PRIMARY KEY,
  content_type text NOT NULL,
  content bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Explore's facets and filters.
CREATE INDEX IF NOT EXISTS services_category_idx ON services (category);
CREATE INDEX IF NOT EXISTS services_tags_idx ON services USING gin (tags);
CREATE INDEX IF NOT EXISTS services_group_idx ON services (vendor_account_id, service_group);

-- Subscriptions of a service (DeleteService refuses while they exist; the service tool counts them).
CREATE INDEX IF NOT EXISTS accounts_product_name_idx ON accounts (product_name) WHERE account_type = 'Product';
