-- The organisation review notices' e-mails: one row per notice and recipient (a reminder to the assignee, an
-- escalation to each owner), written by the claim that stamps the review (organisation-review-notices.ts)
-- and sent by the notices' job. A row is marked sent once it was; a failed send stays pending and is sent by
-- a later run, failed for good after the last attempt, dropped if the review was signed off meanwhile.
-- As in 0048, every reference carries tenant_id.
CREATE TABLE organisation_review_mails (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id      uuid NOT NULL,
  review_id      bigint NOT NULL,
  user_id        uuid NOT NULL,
  kind           text NOT NULL CHECK (kind IN ('reminder', 'overdue')),
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'dropped')),
  attempts       integer NOT NULL DEFAULT 0,
  -- A sender's claim, and after a failed attempt the time of the next: until then no run takes the row.
  claimed_until  timestamptz,
  created_at     timestamptz NOT NULL,
  sent_at        timestamptz,
  last_error     text,
  FOREIGN KEY (tenant_id, review_id) REFERENCES organisation_reviews (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX organisation_review_mails_pending_idx
  ON organisation_review_mails (created_at, id) WHERE status = 'pending';
CREATE INDEX organisation_review_mails_review_idx ON organisation_review_mails (tenant_id, review_id);
