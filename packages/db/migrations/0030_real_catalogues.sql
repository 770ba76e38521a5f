-- What real publishers' catalogue files hold (NISO STS, catalogue exports) and the catalogue kept too little of:
-- - titles per language (`xml:lang` of each title-wrap): the reader sees the title in their language, and
--   `title` (English, else the file's first) where theirs is missing;
-- - a publication date's precision: STS files give a year, a year-month or a day; `published_on` holds the
--   first day of it and the page shows no more than the file said;
-- - a committee is optional: many real files leave `comm-ref` empty;
-- - the standard a national or regional adoption adopts (DIN EN ISO 13849-1 adopts EN ISO 13849-1, which
--   adopts ISO 13849-1), by content code: the adopted one may be imported later, or never.
ALTER TABLE standards
  ADD COLUMN titles jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN published_precision text NOT NULL DEFAULT 'day'
    CHECK (published_precision IN ('year', 'month', 'day')),
  ADD COLUMN adopts_content_code text,
  ALTER COLUMN committee_designation DROP NOT NULL;

CREATE INDEX standards_adopts_idx ON standards (tenant_id, adopts_content_code)
  WHERE adopts_content_code IS NOT NULL;
