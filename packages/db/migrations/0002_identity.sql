-- Identity: the embedded Okta-compatible identity provider (apps/server/src/modules/identity).
-- Credentials and account state live beside `users` (one row per user) rather than in it, so the foundation's
-- typed view of `users` stays exact. Every table carries tenant_id: a user of one tenant does not exist in another.

-- Password, status and lockout state of a user (Okta user statuses: ACTIVE, LOCKED_OUT, PASSWORD_EXPIRED).
CREATE TABLE identity_accounts (
  tenant_id             uuid NOT NULL,
  user_id               uuid NOT NULL,
  password_hash         text,                 -- "scrypt$N$r$p$salt$hash" (base64url); NULL = NOT_ENROLLED
  password_changed_at   timestamptz,
  password_expires_at   timestamptz,          -- past → PASSWORD_EXPIRED at sign-in
  password_warn_at      timestamptz,          -- past (and expiry in the future) → PASSWORD_WARN
  status                text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'LOCKED_OUT', 'SUSPENDED')),
  mfa_required          boolean NOT NULL DEFAULT false,   -- no active factor → MFA_ENROLL at sign-in
  failed_attempts       integer NOT NULL DEFAULT 0,
  locked_at             timestamptz,
  profile_extra         jsonb NOT NULL DEFAULT '{}'::jsonb,   -- tenant-configurable profile attributes
  updated_at            timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);

-- E-mail addresses (MyAccount): exactly one PRIMARY per user, the login.
CREATE TABLE identity_emails (
  id          text PRIMARY KEY,
  tenant_id   uuid NOT NULL,
  user_id     uuid NOT NULL,
  email       text NOT NULL,
  role        text NOT NULL CHECK (role IN ('PRIMARY', 'SECONDARY')),
  status      text NOT NULL CHECK (status IN ('VERIFIED', 'UNVERIFIED')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, user_id, email),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);

-- Phone numbers (MyAccount); "SMS" codes go to the mail sink.
CREATE TABLE identity_phones (
  id            text PRIMARY KEY,
  tenant_id     uuid NOT NULL,
  user_id       uuid NOT NULL,
  phone_number  text NOT NULL,
  status        text NOT NULL CHECK (status IN ('VERIFIED', 'UNVERIFIED')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, user_id, phone_number),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);

-- Tenant-configurable profile attributes beyond the built-in ones (MyAccount profile schema); values live in
-- identity_accounts.profile_extra. permission: what the user may do with it (Okta's SELF principal).
CREATE TABLE identity_profile_attributes (
  tenant_id   uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  name        text NOT NULL CHECK (name ~ '^[a-zA-Z][a-zA-Z0-9_]{0,49}$'),
  title       text NOT NULL,
  permission  text NOT NULL CHECK (permission IN ('READ_ONLY', 'READ_WRITE')),
  max_length  integer NOT NULL DEFAULT 255 CHECK (max_length BETWEEN 1 AND 4000),
  position    integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, name)
);

-- Sign-in factors: email (one-time code), token:software:totp (RFC 6238), push (approved by an e-mailed link).
CREATE TABLE identity_factors (
  id           text PRIMARY KEY,
  tenant_id    uuid NOT NULL,
  user_id      uuid NOT NULL,
  factor_type  text NOT NULL CHECK (factor_type IN ('email', 'token:software:totp', 'push')),
  provider     text NOT NULL,                 -- OKTA | GOOGLE
  status       text NOT NULL CHECK (status IN ('PENDING_ACTIVATION', 'ACTIVE')),
  secret       text,                          -- TOTP secret (base32)
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, user_id, factor_type),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);

-- Short-lived secrets: authn transactions (stateToken), sessionTokens, recovery tokens, OTP challenges,
-- push approvals, MyAccount e-mail/phone challenges. Only a SHA-256 of the token is stored.
CREATE TABLE identity_tokens (
  token_hash   text PRIMARY KEY,
  tenant_id    uuid NOT NULL,
  kind         text NOT NULL,                 -- state | session | recovery | otp | push | email_challenge | phone_challenge
  user_id      uuid,
  data         jsonb NOT NULL DEFAULT '{}'::jsonb,
  expires_at   timestamptz NOT NULL,
  consumed_at  timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX identity_tokens_expiry_idx ON identity_tokens (expires_at);
CREATE INDEX identity_tokens_user_idx ON identity_tokens (tenant_id, user_id, kind);

-- Per tenant: the RS256 signing key (stable kid across restarts) and the cookie-signing secret.
CREATE TABLE identity_keys (
  tenant_id      uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
  kid            text NOT NULL UNIQUE,
  private_jwk    jsonb NOT NULL,
  cookie_secret  text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);

-- oidc-provider adapter storage (sessions, grants, codes, refresh tokens, interactions), per tenant.
CREATE TABLE identity_oidc_payloads (
  tenant_id    uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  model        text NOT NULL,
  id           text NOT NULL,
  payload      jsonb NOT NULL,
  grant_id     text,
  user_code    text,
  uid          text,
  expires_at   timestamptz,
  consumed_at  timestamptz,
  PRIMARY KEY (tenant_id, model, id)
);
CREATE INDEX identity_oidc_payloads_grant_idx ON identity_oidc_payloads (tenant_id, grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX identity_oidc_payloads_uid_idx ON identity_oidc_payloads (tenant_id, model, uid) WHERE uid IS NOT NULL;
CREATE INDEX identity_oidc_payloads_expiry_idx ON identity_oidc_payloads (expires_at);

-- Rate limiting and lockout counters: one row per (tenant, key, window start).
CREATE TABLE identity_rate_limits (
  tenant_id     uuid NOT NULL,
  bucket        text NOT NULL,                -- e.g. "ip:127.0.0.1" or "user:<uuid>"
  window_start  timestamptz NOT NULL,
  hits          integer NOT NULL,
  PRIMARY KEY (tenant_id, bucket, window_start)
);

-- Messages received by the local SMTP sink (the default mail transport; SMTP_URL replaces it).
CREATE TABLE mail_messages (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  message_id   text,
  mail_from    text NOT NULL,
  rcpt_to      text[] NOT NULL,
  subject      text NOT NULL,
  text_body    text NOT NULL,
  html_body    text,
  headers      jsonb NOT NULL DEFAULT '{}'::jsonb,
  received_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_messages_received_idx ON mail_messages (received_at DESC, id DESC);
