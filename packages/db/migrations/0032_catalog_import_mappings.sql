-- A store's saved column mappings for catalogue exports written by others (ISO's open data, a publisher's
-- spreadsheet): the console's mapping step saves the one last used, the next import reads it back. One row per
-- store and name ('standards': the mapping of a standards export); scoped by tenant_id like every store table.
CREATE TABLE catalog_import_mappings (
  tenant_id   uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  name        text NOT NULL CHECK (name ~ '^[a-z][a-z0-9_]{0,39}$'),
  mapping     jsonb NOT NULL CHECK (jsonb_typeof(mapping) = 'object'),   -- contracts catalogColumnMapping
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, name)
);
