-- Issue 16 §5 webhooks: endpoints a store (console) or a user registers, the messages each catalogue change
-- makes for them, and every delivery attempt (the delivery log).

-- An endpoint belongs to its store (user_id NULL: every change of the store) or to one user of it (the
-- changes matched to that user's trackings). The `whsec_` secret is kept: every message is signed with it.
CREATE TABLE webhook_endpoints (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id    uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  user_id      uuid,
  url          text NOT NULL,
  secret       text NOT NULL CHECK (secret LIKE 'whsec\_%'),
  description  text NOT NULL DEFAULT '',
  enabled      boolean NOT NULL DEFAULT true,
  created_at   timestamptz NOT NULL DEFAULT now(),
  created_by   uuid,
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX webhook_endpoints_tenant_idx ON webhook_endpoints (tenant_id, user_id);

-- One message per (endpoint, change): its id is the `webhook-id` header of every attempt, so a receiver can
-- drop a redelivery. Written in the transaction that applies and matches the change. event_id NULL: a test
-- event ("send test event"), never retried.
CREATE TABLE webhook_messages (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id        uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  endpoint_id      bigint NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_id         bigint REFERENCES catalog_events(id) ON DELETE CASCADE,
  message_id       text NOT NULL UNIQUE,
  event_type       text NOT NULL,
  reasons          jsonb NOT NULL DEFAULT '[]',
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz DEFAULT now(),
  claimed_until    timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (endpoint_id, event_id)
);
CREATE INDEX webhook_messages_pending_idx ON webhook_messages (event_id, id) WHERE status = 'pending';
CREATE INDEX webhook_messages_endpoint_idx ON webhook_messages (tenant_id, endpoint_id, id DESC);

-- Every attempt: its HTTP status (NULL: no answer), error, duration and when the next one is due.
CREATE TABLE webhook_attempts (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id        uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  message_id       bigint NOT NULL REFERENCES webhook_messages(id) ON DELETE CASCADE,
  attempt          integer NOT NULL,
  status_code      integer,
  error            text,
  duration_ms      integer NOT NULL,
  next_attempt_at  timestamptz,
  attempted_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (message_id, attempt)
);
