-- Issue 12 §7: catalogue search as you type, fast however many titles match.

-- The title's full-text vector, stored: a designation prefix with title words filters its hits on it, and the
-- GIN index's recheck reads it, instead of running to_tsvector per row; the planner also gets statistics on
-- its words (how many titles a word matches). Replaces the expression index of 0003 (same name).
ALTER TABLE standards
  ADD COLUMN title_search tsvector NOT NULL GENERATED ALWAYS AS (to_tsvector('english', title)) STORED;
DROP INDEX standards_title_search_idx;
CREATE INDEX standards_title_search_idx ON standards USING gin (title_search);

-- One row per word (lexeme) of a standard's title, carrying the title ranking keys: a one-word search ranks
-- from this index alone (an index-only scan over the word's entries) instead of visiting each of the thousands
-- of titles a common word is in. Kept by the triggers below, whoever writes `standards`.
CREATE TABLE standard_title_words (
  tenant_id     uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  standard_id   bigint NOT NULL,
  word          text NOT NULL,       -- a lexeme of title_search
  starts_title  boolean NOT NULL,    -- the title's first word
  inactive      boolean NOT NULL,    -- status <> 'active'
  title_length  integer NOT NULL,
  designation   text NOT NULL,
  PRIMARY KEY (tenant_id, standard_id, word)
);
CREATE INDEX standard_title_words_rank_idx ON standard_title_words
  (tenant_id, word text_pattern_ops, starts_title DESC, inactive, title_length, designation, standard_id);

CREATE FUNCTION standard_title_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM standard_title_words w USING old_rows o WHERE w.tenant_id = o.tenant_id AND w.standard_id = o.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO standard_title_words (tenant_id, standard_id, word, starts_title, inactive, title_length, designation)
    SELECT n.tenant_id, n.id, l.lexeme, 1 = ANY (l.positions), n.status <> 'active', length(n.title), n.designation
      FROM new_rows n, unnest(n.title_search) AS l;
  END IF;
  RETURN NULL;
END $$;
-- Per statement with transition tables: a bulk load of 100,000 standards is one set-based insert here.
CREATE TRIGGER standard_title_words_insert AFTER INSERT ON standards
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION standard_title_words_sync();
CREATE TRIGGER standard_title_words_update AFTER UPDATE ON standards
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION standard_title_words_sync();
CREATE TRIGGER standard_title_words_delete AFTER DELETE ON standards
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION standard_title_words_sync();

INSERT INTO standard_title_words (tenant_id, standard_id, word, starts_title, inactive, title_length, designation)
SELECT s.tenant_id, s.id, l.lexeme, 1 = ANY (l.positions), s.status <> 'active', length(s.title), s.designation
  FROM standards s, unnest(s.title_search) AS l;
