-- Organisation reviews: each change to a standard on an organisation's list opens one review of it for that
-- list, assigned to the list's responsible person and due by the organisation's policy. The review row holds
-- the current state; organisation_review_events is its history, appended to and never edited.
-- As in 0048, every reference carries tenant_id, so a review can never point into another store.

-- Days from a change to its review's due date (an owner sets it, 1–365).
ALTER TABLE organisations
  ADD COLUMN review_due_days integer NOT NULL DEFAULT 30 CHECK (review_due_days BETWEEN 1 AND 365);

-- A review names its list with the list's organisation, so a review's list belongs to the review's organisation.
ALTER TABLE organisation_lists ADD CONSTRAINT organisation_lists_organisation_id_key
  UNIQUE (tenant_id, organisation_id, id);

CREATE TABLE organisation_reviews (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id         uuid NOT NULL,
  organisation_id   uuid NOT NULL,
  list_id           bigint NOT NULL,
  standard_id       bigint NOT NULL REFERENCES standards(id) ON DELETE CASCADE,
  -- The change that opened it: one review per list and change, so a change delivered again opens nothing.
  catalog_event_id  bigint NOT NULL REFERENCES catalog_events(id) ON DELETE CASCADE,
  change_kind       text NOT NULL,
  -- The list's responsible person when opened, or whom an owner or editor reassigned it to; null only after
  -- that member left (or their account was deleted): an owner or editor then reassigns it.
  assignee_user_id  uuid,
  opened_at         timestamptz NOT NULL DEFAULT now(),
  due_at            timestamptz NOT NULL,
  status            text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'signed_off')),
  decision          text CHECK (decision IN ('affected', 'not_affected', 'action_needed')),
  note              text NOT NULL DEFAULT '' CHECK (length(note) <= 4000),
  -- http(s) URLs, at most 10.
  evidence_links    jsonb NOT NULL DEFAULT '[]'
                    CHECK (jsonb_typeof(evidence_links) = 'array' AND jsonb_array_length(evidence_links) <= 10),
  signed_off_by     uuid,
  signed_off_at     timestamptz,
  -- The last reminder sent (7 days and 1 day before the due date), and when the owners were told it is overdue.
  reminded_at       timestamptz,
  escalated_at      timestamptz,
  updated_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, id),
  UNIQUE (tenant_id, list_id, catalog_event_id),
  -- Signed off means decided, by someone, at a time.
  CHECK (status = 'open' OR (decision IS NOT NULL AND signed_off_at IS NOT NULL)),
  FOREIGN KEY (tenant_id, organisation_id) REFERENCES organisations (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, organisation_id, list_id)
    REFERENCES organisation_lists (tenant_id, organisation_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, organisation_id, assignee_user_id)
    REFERENCES organisation_members (tenant_id, organisation_id, user_id) ON DELETE SET NULL (assignee_user_id),
  FOREIGN KEY (tenant_id, signed_off_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (signed_off_by)
);
-- The organisation's reviews by status and due date (its Reviews page, the evidence report by list).
CREATE INDEX organisation_reviews_organisation_idx
  ON organisation_reviews (tenant_id, organisation_id, status, due_at, id);
CREATE INDEX organisation_reviews_list_idx ON organisation_reviews (tenant_id, list_id, opened_at);
-- "My open reviews", and the reminder job's open reviews by due date.
CREATE INDEX organisation_reviews_assignee_idx
  ON organisation_reviews (tenant_id, assignee_user_id) WHERE status = 'open';
CREATE INDEX organisation_reviews_due_idx ON organisation_reviews (due_at) WHERE status = 'open';

CREATE TABLE organisation_review_events (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id      uuid NOT NULL,
  review_id      bigint NOT NULL,
  kind           text NOT NULL CHECK (kind IN ('opened', 'assigned', 'reassigned', 'commented', 'decided',
                                               'signed_off', 'reopened', 'reminded', 'escalated')),
  -- Who did it; null: the system (opened by a change, a reminder, an escalation). Kept after the account goes.
  actor_user_id  uuid,
  at             timestamptz NOT NULL DEFAULT now(),
  -- What the event carries: a comment's text, a decision with its note and links, the assignee before/after.
  detail         jsonb NOT NULL DEFAULT '{}',
  FOREIGN KEY (tenant_id, review_id) REFERENCES organisation_reviews (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX organisation_review_events_review_idx ON organisation_review_events (tenant_id, review_id, id);

-- History is never edited: an event row cannot be updated, nor deleted except with its review (the cascade of
-- a deleted list, organisation or store, which runs inside the foreign key's own trigger).
CREATE FUNCTION organisation_review_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' OR pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'organisation_review_events is append-only' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN OLD;
END $$;
CREATE TRIGGER organisation_review_events_append_only BEFORE UPDATE OR DELETE ON organisation_review_events
  FOR EACH ROW EXECUTE FUNCTION organisation_review_events_append_only();
