-- Issue 12 §7: catalogue search as you type, fast however many titles match.

-- The title's full-text vector, stored: a designation prefix with title words filters its hits on it, and the
-- GIN index's recheck reads it, instead of running to_tsvector per row; the planner also gets statistics on
-- its words (how many titles a word matches). Replaces the expression index of 0003 (same name).
ALTER TABLE standards
  ADD COLUMN title_search tsvector NOT NULL GENERATED ALWAYS AS (to_tsvector('english', title)) STORED;
DROP INDEX standards_title_search_idx;
CREATE INDEX standards_title_search_idx ON standards USING gin (title_search);
