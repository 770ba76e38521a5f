-- Cited standards: the normative and informative references of a catalogue's standards (an STS file's
-- `ref-list`s, a CSV's `references` column), one row per citing standard and cited designation. The cited
-- standard is named, not linked: `cited_key` is the designation rule's key (contracts designation-key.ts,
-- designation_key() of migration 0031) and `cited_words` its publisher words, so a citation of a standard
-- the catalogue does not hold yet is kept and finds it when it arrives. `cited_edition` is the dated
-- reference's edition ("2003", "2008-12"), '' for an undated one (the latest edition applies).
CREATE TABLE standard_citations (
  tenant_id          uuid NOT NULL,
  standard_id        bigint NOT NULL REFERENCES standards(id) ON DELETE CASCADE,
  cited_key          text NOT NULL,
  cited_words        text[] NOT NULL,
  cited_edition      text NOT NULL,
  normative          boolean NOT NULL,
  cited_designation  text NOT NULL,
  PRIMARY KEY (tenant_id, standard_id, cited_key, cited_words, cited_edition, normative)
);
-- The matching and the "cited by" list go from the cited standard's key to its citers.
CREATE INDEX standard_citations_cited_idx ON standard_citations (tenant_id, cited_key);

-- The publisher words of a designation (contracts parseDesignation(text).publisherWords): the letter groups
-- before the first digit, after the cleaning designation_key() does. NULL when the text is no designation.
-- Two designations of one key name the same standard when the words of one are all among the other's.
CREATE FUNCTION designation_publisher_words(designation text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN designation_key(designation) IS NULL THEN NULL ELSE
    array_remove(regexp_split_to_array(substring(translate(normalize(left(designation, 160), NFKC),
      'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') from '^[^0-9]*'), '[^A-Z]+'), '') END
$$;

-- "A cited standard changed" is a kind of change like the others; a user who chose their kinds before it
-- existed gets it as a new user does (informative references stay a choice each user makes).
UPDATE notification_preferences SET kinds = kinds || ARRAY['cited_change']
 WHERE NOT kinds @> ARRAY['cited_change'];
