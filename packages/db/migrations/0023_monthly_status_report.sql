-- Issue 16 §1: the monthly "status of your list" report (opt-in). The choice lives beside the frequency in
-- notification_schedules (one row per user: the report is sent on the 1st of each month at the digest's
-- hour in the same time zone); `status_report_since` is when the user opted in, NULL while off. A user who
-- opts in while still "instant" gets a row with frequency 'instant' (what no row means) and their zone.
--
-- Exactly once: the report reuses notification_digests rather than a second outbox, so the digest run's
-- claim, retry and crash handling (a run that dies after the claim leaves it pending; sent once later) and
-- its UNIQUE (tenant, user, period) idempotency key hold for it unchanged. Its period is 'monthly:YYYY-MM'
-- (the local month whose 1st it is due on) and its kind 'status'; a report never has delivery rows.
ALTER TABLE notification_schedules ADD COLUMN status_report_since timestamptz;
CREATE INDEX notification_schedules_status_report_idx ON notification_schedules (tenant_id, user_id)
  WHERE status_report_since IS NOT NULL;

ALTER TABLE notification_digests
  ADD COLUMN kind text NOT NULL DEFAULT 'changes' CHECK (kind IN ('changes', 'status')),
  ADD CONSTRAINT notification_digests_kind_period CHECK ((kind = 'status') = (period LIKE 'monthly:%'));
