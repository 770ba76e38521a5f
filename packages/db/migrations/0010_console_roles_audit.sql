-- The operator console's foundation (issue 14): who may run which store, and the audit log of what they did.

-- 1. Console roles, granted per store to a user of that store (users belong to one store: a role is keyed by
--    the user's own tenant). `platform_operator` manages every store; `store_admin` and `catalog_editor` the
--    grant's store only. The server reads these rows on every console call (the token's `trackwell_roles`
--    claim is what the portal reads; a revoked row stops working at once).
CREATE TABLE console_role_grants (
  tenant_id   uuid NOT NULL,
  user_id     uuid NOT NULL,
  role        text NOT NULL CHECK (role IN ('platform_operator', 'store_admin', 'catalog_editor')),
  granted_by  uuid,                         -- users.id of the granting user (NULL: a CLI or the seed)
  granted_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id, role),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX console_role_grants_user_idx ON console_role_grants (user_id);

-- 2. Publisher API keys get a stable id (the console lists and revokes them by it; the hash stays the key's
--    only stored form) and say who made them.
ALTER TABLE catalog_api_keys ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY;
ALTER TABLE catalog_api_keys ADD CONSTRAINT catalog_api_keys_id_key UNIQUE (id);
ALTER TABLE catalog_api_keys ADD COLUMN created_by uuid;

-- 3. The audit log: every console write and every use of a publisher credential, written in the same
--    transaction as what it records. The store is kept by id and code without a foreign key, so the log
--    outlives what it describes. Never editable: UPDATE, DELETE and TRUNCATE raise.
CREATE TABLE console_audit_log (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at            timestamptz NOT NULL DEFAULT clock_timestamp(),
  tenant_id     uuid,                       -- the store acted on (NULL: none, e.g. a refused create)
  store_code    text,
  actor_kind    text NOT NULL CHECK (actor_kind IN ('user', 'api_key', 'client', 'system')),
  actor_id      text NOT NULL,              -- users.id, catalog_api_keys.id or the client id
  actor_login   text NOT NULL,              -- the user's login, or the key's label / client id
  action        text NOT NULL,              -- e.g. store.update, role.grant, api_key.create, catalog.changes
  target        text NOT NULL DEFAULT '',   -- what was acted on (a login, a key id, a host)
  before        jsonb,
  after         jsonb
);
CREATE INDEX console_audit_log_tenant_idx ON console_audit_log (tenant_id, id);
CREATE INDEX console_audit_log_at_idx ON console_audit_log (at);

CREATE FUNCTION trackwell_audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'console_audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER console_audit_log_no_update_delete BEFORE UPDATE OR DELETE ON console_audit_log
  FOR EACH ROW EXECUTE FUNCTION trackwell_audit_log_is_append_only();
CREATE TRIGGER console_audit_log_no_truncate BEFORE TRUNCATE ON console_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION trackwell_audit_log_is_append_only();
