-- Issue 15 §4: a user's signed-in devices. oidc-provider keeps each session in identity_oidc_payloads (model
-- 'Session', its `uid`); this records what the portal shows beside it (browser, IP address, last activity)
-- and the access tokens issued in the session, so signing one session out revokes exactly its tokens (their
-- jti on the revocation list) and leaves the user's other devices signed in. Deleting the user deletes both.
CREATE TABLE identity_session_devices (
  tenant_id       uuid NOT NULL,
  session_uid     text NOT NULL,
  user_id         uuid NOT NULL,
  user_agent      text NOT NULL DEFAULT '' CHECK (length(user_agent) <= 512),
  ip_address      text NOT NULL DEFAULT '' CHECK (length(ip_address) <= 64),
  created_at      timestamptz NOT NULL DEFAULT now(),
  last_active_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, session_uid),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX identity_session_devices_user_idx ON identity_session_devices (tenant_id, user_id);

CREATE TABLE identity_session_tokens (
  tenant_id    uuid NOT NULL,
  session_uid  text NOT NULL,
  jti          text NOT NULL,
  expires_at   timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, jti),
  FOREIGN KEY (tenant_id, session_uid) REFERENCES identity_session_devices (tenant_id, session_uid)
    ON DELETE CASCADE
);
CREATE INDEX identity_session_tokens_session_idx ON identity_session_tokens (tenant_id, session_uid);
