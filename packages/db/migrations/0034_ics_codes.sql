-- ICS codes searchable, and a store's mapping of ICS fields to its industry areas.

-- One row per ICS code of a standard (standards.ics_codes, migration 0011), kept by the triggers below
-- whoever writes `standards`: the catalogue search finds a code or its beginning ("83.080", "83.080.01") by a
-- range over the primary key. COLLATE "C": byte order, so a prefix is a range whatever the database's locale.
CREATE TABLE standard_ics_codes (
  tenant_id    uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  standard_id  bigint NOT NULL,
  code         text COLLATE "C" NOT NULL,
  PRIMARY KEY (tenant_id, code, standard_id)
);
CREATE INDEX standard_ics_codes_standard_idx ON standard_ics_codes (tenant_id, standard_id);

CREATE FUNCTION standard_ics_codes_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM standard_ics_codes c USING old_rows o WHERE c.tenant_id = o.tenant_id AND c.standard_id = o.id;
  ELSIF TG_OP = 'UPDATE' THEN
    -- only the standards whose codes changed (an import rewrites many rows whose codes stay)
    DELETE FROM standard_ics_codes c USING old_rows o JOIN new_rows n ON n.id = o.id
     WHERE c.tenant_id = o.tenant_id AND c.standard_id = o.id AND o.ics_codes IS DISTINCT FROM n.ics_codes;
    INSERT INTO standard_ics_codes (tenant_id, standard_id, code)
    SELECT DISTINCT n.tenant_id, n.id, btrim(x.code) FROM new_rows n JOIN old_rows o ON o.id = n.id,
           unnest(n.ics_codes) AS x(code)
     WHERE o.ics_codes IS DISTINCT FROM n.ics_codes AND btrim(x.code) <> ''
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO standard_ics_codes (tenant_id, standard_id, code)
    SELECT DISTINCT n.tenant_id, n.id, btrim(x.code) FROM new_rows n, unnest(n.ics_codes) AS x(code)
     WHERE btrim(x.code) <> ''
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER standard_ics_codes_insert AFTER INSERT ON standards
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION standard_ics_codes_sync();
CREATE TRIGGER standard_ics_codes_update AFTER UPDATE ON standards
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION standard_ics_codes_sync();
CREATE TRIGGER standard_ics_codes_delete AFTER DELETE ON standards
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION standard_ics_codes_sync();

INSERT INTO standard_ics_codes (tenant_id, standard_id, code)
SELECT DISTINCT s.tenant_id, s.id, btrim(x.code) FROM standards s, unnest(s.ics_codes) AS x(code)
 WHERE btrim(x.code) <> ''
ON CONFLICT DO NOTHING;

-- A store's mapping "ICS prefix → industry area" (the console's): a standard with a code under a mapped prefix
-- belongs to the area. The prefix is an ICS field, group or sub-group (contracts ICS_PREFIX, ics-codes.ts).
CREATE TABLE industry_area_ics_prefixes (
  tenant_id       uuid NOT NULL,
  ics_prefix      text COLLATE "C" NOT NULL CHECK (ics_prefix ~ '^[0-9]{2}(\.[0-9]{3}(\.[0-9]{2})?)?$'),
  marketing_code  text NOT NULL,
  PRIMARY KEY (tenant_id, ics_prefix, marketing_code),
  FOREIGN KEY (tenant_id, marketing_code) REFERENCES industry_areas (tenant_id, marketing_code) ON DELETE CASCADE
);

-- The industry areas a standard belongs to: those its catalogue row names, and those its ICS codes fall under
-- (the code is the prefix, or goes on from it after a "."; in byte order that is [prefix, prefix || '/'),
-- '/' being the character after '.'). Event matching, the store page and the monthly status read this.
CREATE VIEW standard_area_members AS
  SELECT tenant_id, standard_id, marketing_code FROM standard_industry_areas
  UNION
  SELECT c.tenant_id, c.standard_id, m.marketing_code
    FROM industry_area_ics_prefixes m
    JOIN standard_ics_codes c ON c.tenant_id = m.tenant_id
     AND c.code >= m.ics_prefix AND c.code < m.ics_prefix || '/';
