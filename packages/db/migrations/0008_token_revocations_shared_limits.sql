-- Issue 11 §4/§5: revocation that revokes, and state shared by several processes.

-- 1. Revoked access tokens. JWT access tokens are verified locally (signature, expiry), so revoking one means
--    remembering it until it would have expired anyway:
--    - kind 'token': one token by its `jti` (POST /oauth2/default/v1/revoke);
--    - kind 'user': every token of a user issued before `issued_before` (sign-out, password reset or change,
--      deactivation). Kept for a day: longer than any access token we accept lives.
--    `seq` orders the rows so every process can follow the table as a change feed ("rows after seq N").
CREATE TABLE token_revocations (
  seq            bigserial PRIMARY KEY,
  tenant_id      uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  kind           text NOT NULL CHECK (kind IN ('token', 'user')),
  subject        text NOT NULL,            -- the jti (kind 'token') or the users.id (kind 'user')
  issued_before  timestamptz,              -- kind 'user': tokens issued before this instant are refused
  reason         text NOT NULL,            -- revoke, sign-out, password-reset, password-change, deactivation
  expires_at     timestamptz NOT NULL,     -- after this the row decides nothing and is purged
  created_at     timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK ((kind = 'user') = (issued_before IS NOT NULL))
);
CREATE INDEX token_revocations_expires_idx ON token_revocations (expires_at);
CREATE INDEX token_revocations_subject_idx ON token_revocations (tenant_id, kind, subject);
CREATE INDEX token_revocations_created_idx ON token_revocations (created_at);

-- 2. Invalidation across processes: the database announces its own changes on commit (LISTEN/NOTIFY works on
--    PostgreSQL and PGlite alike), whoever wrote them — the product, a CLI, a migration or an operator's SQL.
--    The payload is only a hint (a tenant id); listeners re-read the truth.
CREATE FUNCTION trackwell_notify_revocation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('trackwell_revocations', '');
  RETURN NULL;
END $$;
CREATE TRIGGER token_revocations_notify AFTER INSERT ON token_revocations
  FOR EACH STATEMENT EXECUTE FUNCTION trackwell_notify_revocation();

CREATE FUNCTION trackwell_notify_tenant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('trackwell_tenants', COALESCE(NEW.tenant_id, OLD.tenant_id)::text);
  RETURN NULL;
END $$;
CREATE FUNCTION trackwell_notify_tenant_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('trackwell_tenants', COALESCE(NEW.id, OLD.id)::text);
  RETURN NULL;
END $$;
CREATE TRIGGER tenants_notify AFTER INSERT OR UPDATE OR DELETE ON tenants
  FOR EACH ROW EXECUTE FUNCTION trackwell_notify_tenant_row();
CREATE TRIGGER tenant_hosts_notify AFTER INSERT OR UPDATE OR DELETE ON tenant_hosts
  FOR EACH ROW EXECUTE FUNCTION trackwell_notify_tenant();

-- 3. The tracker API's per-user rate limit when several processes share PostgreSQL (rate-limiter-flexible's
--    RateLimiterPostgres table layout; `expire` in epoch milliseconds). Unused on PGlite (one process) and with
--    REDIS_URL (the counters live in Redis).
CREATE TABLE api_rate_limits (
  key     varchar(255) PRIMARY KEY,
  points  integer NOT NULL DEFAULT 0,
  expire  bigint
);
