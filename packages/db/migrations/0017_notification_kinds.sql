-- Issue 16 §1: which kinds of change a user is told about, for all their trackings and per source (one
-- committee can be "withdrawals only"). Kinds are the groups of packages/contracts/src/notification-kinds.ts
-- (new editions and new standards are one group, the two work-item kinds another); the matching
-- (event-matching.ts) takes the group of each event from there, so the list lives in one place.

-- The user's choice for all their trackings; no row: every kind.
CREATE TABLE notification_preferences (
  tenant_id   uuid NOT NULL,
  user_id     uuid NOT NULL,
  kinds       text[] NOT NULL CHECK (cardinality(kinds) BETWEEN 1 AND 16),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);

-- A committee, industry area or publisher the user tracks may have its own kinds; NULL: the user's choice.
-- Kept when the tracker page sets the sources again (setSourceTrackings keeps the rows it keeps).
ALTER TABLE source_trackings
  ADD COLUMN kinds text[] CHECK (kinds IS NULL OR cardinality(kinds) BETWEEN 1 AND 16);
