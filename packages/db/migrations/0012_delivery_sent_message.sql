-- Issue 14 §4 "open an e-mail exactly as it was sent": the outbox kept only the Message-ID, and an e-mail
-- cannot be rendered again byte for byte (its unsubscribe token carries the expiry of the moment it was sent,
-- and the store's branding may have changed since). The sender now keeps the whole MIME message it handed
-- to SMTP (DKIM signature included) with the delivery. Rows sent before this migration have none.
ALTER TABLE notification_deliveries ADD COLUMN sent_message text;
-- The console's per-day chart of a store's deliveries.
CREATE INDEX notification_deliveries_tenant_updated_idx ON notification_deliveries (tenant_id, updated_at);
