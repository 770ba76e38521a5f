-- Issue 15 §4: passkeys. A user's WebAuthn credentials (registered in the account area, used to sign in as
-- Okta's `webauthn` factor). The credential id is unique per store; every statement names the tenant, so a
-- credential registered at one store is never found at another. The signature counter is kept to refuse a
-- cloned authenticator; deleting the user deletes its passkeys.
CREATE TABLE identity_webauthn_credentials (
  tenant_id      uuid NOT NULL,
  id             text NOT NULL,
  user_id        uuid NOT NULL,
  credential_id  text NOT NULL CHECK (length(credential_id) BETWEEN 1 AND 1400),
  public_key     text NOT NULL,                -- COSE public key, base64url
  sign_count     bigint NOT NULL DEFAULT 0 CHECK (sign_count >= 0),
  transports     text[] NOT NULL DEFAULT '{}',
  name           text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  created_at     timestamptz NOT NULL DEFAULT now(),
  last_used_at   timestamptz,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, credential_id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX identity_webauthn_credentials_user_idx ON identity_webauthn_credentials (tenant_id, user_id);
