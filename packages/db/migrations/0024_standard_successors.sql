-- Issue 16 §3: following the successor of a replaced standard. A published `new_standard` that `replaces`
-- another, or a `withdrawal` `replacedBy` another, records the pair here with its event; the users who
-- track the replaced standard are told (event-matching.ts) and may follow the successor.
CREATE TABLE standard_successors (
  tenant_id     uuid NOT NULL,
  event_id      bigint NOT NULL REFERENCES catalog_events (id) ON DELETE CASCADE,
  standard_id   bigint NOT NULL REFERENCES standards (id) ON DELETE CASCADE,
  successor_id  bigint NOT NULL REFERENCES standards (id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, event_id),
  CHECK (standard_id <> successor_id)
);
CREATE INDEX standard_successors_standard_idx ON standard_successors (tenant_id, standard_id);

-- The user's choice: follow successors automatically (no row: off, the e-mail offers one click).
CREATE TABLE successor_preferences (
  tenant_id             uuid NOT NULL,
  user_id               uuid NOT NULL,
  follow_automatically  boolean NOT NULL,
  updated_at            timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);

-- Who followed which replacement, and how: at publish ('automatic', the e-mail then says so) or by the
-- e-mail's signed link ('link'; a second POST finds the row and says it is already done).
CREATE TABLE successor_follows (
  tenant_id    uuid NOT NULL,
  event_id     bigint NOT NULL,
  user_id      uuid NOT NULL,
  how          text NOT NULL CHECK (how IN ('automatic', 'link')),
  followed_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, event_id, user_id),
  FOREIGN KEY (tenant_id, event_id) REFERENCES standard_successors (tenant_id, event_id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
