-- Catalogue import (issue 14 §2): CSV and NISO STS files applied to a store's catalogue
-- (packages/db/src/repositories/catalog-import.ts).

-- 1. A standard's ICS codes (International Classification for Standards, NISO STS `<ics>`), as the publisher
--    sends them.
ALTER TABLE standards ADD COLUMN ics_codes text[] NOT NULL DEFAULT '{}';

-- 2. A change event recorded by an import (a new edition, a withdrawal, … of an imported standard) says so.
--    'console' is the console's own publishing (issue 14 §3), listed here so that this constraint, re-created
--    after 0010, does not take it away.
ALTER TABLE catalog_events DROP CONSTRAINT catalog_events_source_check;
ALTER TABLE catalog_events ADD CONSTRAINT catalog_events_source_check
  CHECK (source IN ('api', 'cli', 'import', 'console'));

-- 3. One row per import applied (or refused): what it did, for the console's history. Never updated.
CREATE TABLE catalog_import_runs (
  id             uuid PRIMARY KEY,
  tenant_id      uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  outcome        text NOT NULL CHECK (outcome IN ('applied', 'refused', 'failed')),
  skip_bad_rows  boolean NOT NULL,
  totals         jsonb NOT NULL,              -- {"new": n, "changed": n, "unchanged": n, "error": n}
  errors         jsonb NOT NULL,              -- the first 1,000 row errors [{row, field, reason}]
  events         integer NOT NULL,            -- catalogue change events recorded
  message        text,                        -- why it was refused or stopped (no database text)
  started_at     timestamptz NOT NULL,
  finished_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX catalog_import_runs_tenant_idx ON catalog_import_runs (tenant_id, started_at DESC);
