-- Issue 16 §1 frequency and §2 digests. A user chooses instant (one e-mail per change, as before: no row),
-- or a daily or weekly digest at a local hour (and weekday) in an IANA time zone. The matching still writes
-- one notification_deliveries row per (change, user); for a digest user it is held (`digest`), the instant
-- sender skips it, and the digest job gathers the held rows of a user into one notification_digests row
-- per (user, period): the UNIQUE key is the idempotency key that makes it one e-mail per user and period
-- with several workers and after a crash.

CREATE TABLE notification_schedules (
  tenant_id   uuid NOT NULL,
  user_id     uuid NOT NULL,
  frequency   text NOT NULL CHECK (frequency IN ('instant', 'daily', 'weekly')),
  hour        smallint NOT NULL CHECK (hour BETWEEN 0 AND 23),
  weekday     smallint NOT NULL CHECK (weekday BETWEEN 0 AND 6),   -- 0 = Sunday (extract(dow))
  time_zone   text NOT NULL CHECK (length(time_zone) BETWEEN 1 AND 64),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX notification_schedules_digest_idx ON notification_schedules (tenant_id, user_id)
  WHERE frequency <> 'instant';

CREATE TABLE notification_digests (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id     uuid NOT NULL,
  user_id       uuid NOT NULL,
  period        text NOT NULL,                 -- 'daily:2026-11-26T08' (the local moment it was due)
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts      integer NOT NULL DEFAULT 0,
  last_error    text,
  message_id    text,
  claimed_until timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  sent_at       timestamptz,
  UNIQUE (tenant_id, user_id, period),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX notification_digests_pending_idx ON notification_digests (id) WHERE status = 'pending';

ALTER TABLE notification_deliveries
  ADD COLUMN digest boolean NOT NULL DEFAULT false,
  ADD COLUMN digest_id bigint REFERENCES notification_digests (id) ON DELETE SET NULL;
CREATE INDEX notification_deliveries_held_idx ON notification_deliveries (tenant_id, user_id)
  WHERE digest AND digest_id IS NULL AND status = 'pending';
CREATE INDEX notification_deliveries_digest_idx ON notification_deliveries (digest_id) WHERE digest_id IS NOT NULL;
