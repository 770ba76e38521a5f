-- Issue 15 §1: the provisioning API (Okta's Users API on the embedded identity provider).

-- 1. API tokens of a store's back office (`Authorization: SSWS <token>`) are the store's API keys with another
--    purpose: the same hashing, listing, revocation and creator as the publisher keys, never interchangeable
--    (the change feed accepts only 'publisher' keys, the Users API only 'provisioning' ones).
ALTER TABLE catalog_api_keys ADD COLUMN purpose text NOT NULL DEFAULT 'publisher'
  CHECK (purpose IN ('publisher', 'provisioning'));

-- 2. Okta's user lifecycle: STAGED (created, not activated), PROVISIONED (activated, no password yet),
--    RECOVERY (a password reset was asked by the store), DEPROVISIONED (deactivated; may then be deleted).
--    ACTIVE, LOCKED_OUT and SUSPENDED keep their meaning; PASSWORD_EXPIRED stays derived from
--    password_expires_at.
ALTER TABLE identity_accounts DROP CONSTRAINT identity_accounts_status_check;
ALTER TABLE identity_accounts ADD CONSTRAINT identity_accounts_status_check
  CHECK (status IN ('STAGED', 'PROVISIONED', 'ACTIVE', 'RECOVERY', 'LOCKED_OUT', 'SUSPENDED', 'DEPROVISIONED'));
ALTER TABLE identity_accounts ADD COLUMN activated_at timestamptz;
ALTER TABLE identity_accounts ADD COLUMN status_changed_at timestamptz;
ALTER TABLE identity_accounts ADD COLUMN last_login_at timestamptz;
