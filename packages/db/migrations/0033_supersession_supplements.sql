-- Supersession and supplements from a catalogue's own data (an STS `std-xref type="supersedes"`, a catalogue
-- export's `replaces`/`replacedBy`, an amendment's designation), by content code as `adopts_content_code` is:
-- a link survives editions and may name a standard an import brings later in the same file.
-- `replaced_by_content_code`: the standard that replaces this one. An import records it with the link, and
-- tells the standard's trackers once, when it is new (a `withdrawal` carrying the successor, as a published
-- replacement does); the same file again finds it recorded and tells no one twice.
-- `supplement_of`: an amendment's or corrigendum's base standard; the base's page lists its supplements.
ALTER TABLE standards ADD COLUMN replaced_by_content_code text, ADD COLUMN supplement_of text;
CREATE INDEX standards_supplement_of_idx ON standards (tenant_id, supplement_of) WHERE supplement_of IS NOT NULL;

-- Replacements published before this column: the successor each recorded pair names (the latest one).
UPDATE standards s SET replaced_by_content_code = latest.content_code
  FROM (SELECT DISTINCT ON (ss.tenant_id, ss.standard_id) ss.tenant_id, ss.standard_id, n.content_code
          FROM standard_successors ss
          JOIN standards n ON n.tenant_id = ss.tenant_id AND n.id = ss.successor_id
         ORDER BY ss.tenant_id, ss.standard_id, ss.created_at DESC, ss.event_id DESC) latest
 WHERE s.tenant_id = latest.tenant_id AND s.id = latest.standard_id;
