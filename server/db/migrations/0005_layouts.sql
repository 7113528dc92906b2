-- Layout-driven accounts (view layouts, CreateAccount / UpdateAccount).

-- Uniqueness checks of layout fields (RemoteValidation Unique and the Hostname /
-- TenantDomain rules) look values up by account type, case-insensitively.
CREATE INDEX accounts_vat_number_idx ON accounts (account_type, lower(views -> 'Values' ->> 'VatNumber'));
CREATE INDEX accounts_username_value_idx ON accounts (account_type, lower(views -> 'Values' ->> 'Username'));
CREATE INDEX accounts_hostname_idx ON accounts (account_type, lower(views -> 'Values' ->> 'Hostname'));
CREATE INDEX accounts_tenant_domain_idx ON accounts (account_type, lower(views -> 'Values' ->> 'TenantDomain'));

-- AccountIdentificator numbers of accounts created through the portal
-- (PREFIX-number; the demo data uses 100001 upwards per prefix).
CREATE SEQUENCE account_identificator_seq START 1000001;

-- Account types come from layout files (a product owner may add one): any type
-- name a layout may use is accepted, instead of the fixed list of 0001.
ALTER TABLE accounts DROP CONSTRAINT accounts_account_type_check;
ALTER TABLE accounts ADD CONSTRAINT accounts_account_type_check CHECK (account_type ~ '^[A-Za-z][A-Za-z0-9_]{0,63}$');
