-- Review and withdrawal forecasts (contracts review-forecast.ts computes them; nothing here is a forecast):
-- - what the catalogue may say of a standard's review: its ISO harmonized stage code (90.20 under systematic
--   review, 90.93 confirmed, …) and the date it was last confirmed or reapproved, at the precision given;
-- - a store's own rule per publisher, in place of the default (DEFAULT_FORECAST_RULES) for that publisher;
-- - a reader's alert N months before a forecast date (off: no row), and the alerts sent: one per reader,
--   standard and due date, whatever the job's retries.
ALTER TABLE standards
  ADD COLUMN stage_code text CHECK (stage_code ~ '^[0-9]{2}\.[0-9]{2}$'),
  ADD COLUMN confirmed_on date,
  ADD COLUMN confirmed_precision text CHECK (confirmed_precision IN ('year', 'month', 'day'));

CREATE TABLE review_forecast_rules (
  tenant_id         uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  publisher_code    text NOT NULL,
  kind              text NOT NULL CHECK (kind IN ('systematic-review', 'reapproval', 'reaffirmation')),
  review_years      smallint NOT NULL CHECK (review_years BETWEEN 1 AND 50),
  withdrawal_years  smallint CHECK (withdrawal_years > review_years AND withdrawal_years <= 60),
  PRIMARY KEY (tenant_id, publisher_code)
);

CREATE TABLE review_alert_preferences (
  tenant_id      uuid NOT NULL,
  user_id        uuid NOT NULL,
  months_before  smallint NOT NULL CHECK (months_before BETWEEN 1 AND 24),
  PRIMARY KEY (tenant_id, user_id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE review_alerts_sent (
  tenant_id    uuid NOT NULL,
  user_id      uuid NOT NULL,
  standard_id  bigint NOT NULL REFERENCES standards(id) ON DELETE CASCADE,
  due_on       text NOT NULL,
  sent_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id, standard_id, due_on),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
