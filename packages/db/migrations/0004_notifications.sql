-- Change notifications (issue 7): publisher API keys, the catalogue change log, and the e-mail outbox.
-- Unsubscribes are the tracker's `tracking_unsubscribes` (0003); this migration adds no second list.

-- One hashed key per publisher integration of a tenant (`Authorization: Bearer <key>` or `X-Api-Key`).
-- Keys are 32 random bytes, so a plain SHA-256 is enough (no password stretching needed); the key itself
-- is shown once when created and never stored.
CREATE TABLE catalog_api_keys (
  key_hash    text PRIMARY KEY,                 -- sha256 hex of the whole key
  tenant_id   uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  label       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz
);
CREATE INDEX catalog_api_keys_tenant_idx ON catalog_api_keys (tenant_id);

-- Every catalogue change applied, once per publisher event id (the idempotency key of the API and CLI).
CREATE TABLE catalog_events (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id           uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  publisher_event_id  text NOT NULL,
  kind                text NOT NULL CHECK (kind IN ('new_standard', 'new_edition', 'amendment', 'editorial_change',
                        'reaffirmation', 'withdrawal', 'reinstatement', 'new_work_item', 'work_item_status_change')),
  standard_id         bigint REFERENCES standards(id) ON DELETE CASCADE,
  work_item_id        bigint REFERENCES work_items(id) ON DELETE CASCADE,
  source              text NOT NULL CHECK (source IN ('api', 'cli')),
  payload             jsonb NOT NULL,             -- the event as received
  change              jsonb NOT NULL,             -- what the e-mail shows: before/after designation, status, date
  occurred_at         timestamptz NOT NULL,
  recorded_at         timestamptz NOT NULL DEFAULT now(),
  recipients          integer NOT NULL DEFAULT 0, -- outbox rows written by the matching
  UNIQUE (tenant_id, publisher_event_id)
);
CREATE INDEX catalog_events_recorded_idx ON catalog_events (tenant_id, recorded_at DESC);

-- The outbox and delivery log: ONE row per (event, user), written in the matching's transaction.
-- `reasons` lists every rule that matched ([{type:'COMMITTEE', value:'D20'}, …]). A sender claims
-- pending rows for a while (claimed_until), sends each, and moves it to sent | failed: a row that is sent
-- or claimed by a live sender is never sent again.
CREATE TABLE notification_deliveries (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id     uuid NOT NULL,
  event_id      bigint NOT NULL REFERENCES catalog_events(id) ON DELETE CASCADE,
  user_id       uuid NOT NULL,
  reasons       jsonb NOT NULL,
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts      integer NOT NULL DEFAULT 0,
  last_error    text,
  message_id    text,
  claimed_until timestamptz,                    -- a sender holds the row until then (crash: another takes it)
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  sent_at       timestamptz,
  UNIQUE (event_id, user_id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX notification_deliveries_user_idx ON notification_deliveries (tenant_id, user_id, created_at DESC);
CREATE INDEX notification_deliveries_pending_idx ON notification_deliveries (event_id, id) WHERE status = 'pending';

-- Matching goes from a committee to the industry areas its standards belong to (work-item rule).
CREATE INDEX standard_industry_areas_standard_idx ON standard_industry_areas (tenant_id, standard_id);
