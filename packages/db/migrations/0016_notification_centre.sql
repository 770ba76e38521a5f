-- Issue 16 §4 and §5: the in-app notification centre and the private Atom feed.
-- The centre's items are the user's `notification_deliveries` rows (0004: one per change and user, with the
-- sources that matched), so an item is never written twice; this migration adds only what the reader did.

-- A read mark per item: NULL unread. "Mark all read" stamps every unread row of the user in one statement.
ALTER TABLE notification_deliveries ADD COLUMN read_at timestamptz;
-- The unread count and the tracker's "Changed" badges read only a user's unread rows.
CREATE INDEX notification_deliveries_unread_idx ON notification_deliveries (tenant_id, user_id)
  WHERE read_at IS NULL;

-- The private feed: its URL carries a token signed with the server's secret over (tenant, user, issued_at);
-- only the issue time is kept, so the account area can show the URL again, and a reset (a new issue time)
-- makes every earlier URL a 404. No row: the user has no feed yet.
CREATE TABLE notification_feeds (
  tenant_id  uuid NOT NULL,
  user_id    uuid NOT NULL,
  issued_at  bigint NOT NULL,                   -- unix seconds, strictly increasing on each reset
  PRIMARY KEY (tenant_id, user_id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
