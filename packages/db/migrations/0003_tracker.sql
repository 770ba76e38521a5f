-- Tracker services (issue 4): unsubscribes, and the catalogue search index. Additive only.

-- spec §4 "Unsubscribe": a user's unsubscribe from an application's tracking e-mails. The e-mail pipeline
-- skips a user with a row here for that application; tracking something again in it removes the row.
CREATE TABLE tracking_unsubscribes (
  tenant_id         uuid NOT NULL,
  user_id           uuid NOT NULL,
  application_code  text NOT NULL CHECK (application_code IN ('TRACKER', 'COMPASS', 'SB', 'PUB')),
  unsubscribed_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id, application_code),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);

-- Catalogue search by title words: full-text over the title (to_tsvector works on PostgreSQL and PGlite,
-- pg_trgm is not in PGlite). Designation prefixes use standards_designation_idx (0001).
CREATE INDEX standards_title_search_idx ON standards USING gin (to_tsvector('english', title));

