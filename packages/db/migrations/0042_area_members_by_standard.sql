-- The view standard_area_members (0034), without its UNION: a UNION is no relation the planner can join into,
-- so every statement that joins it for a few standards (the event matching of each import batch, a store
-- page) built the whole tenant's membership and sorted it away (100,000 standards: an import of 1% new
-- editions took 370 s instead of 7). The same rows, as a UNION ALL of two plain branches the planner joins
-- by the standard (index scans on standard_industry_areas and standard_ics_codes): the areas a standard's
-- row names, then those its ICS codes fall under by the store's mapping that its row does not name, each once
-- (the smallest ICS code and prefix that gives it).
CREATE OR REPLACE VIEW standard_area_members AS
  SELECT tenant_id, standard_id, marketing_code FROM standard_industry_areas
  UNION ALL
  SELECT c.tenant_id, c.standard_id, m.marketing_code
    FROM standard_ics_codes c
    JOIN industry_area_ics_prefixes m ON m.tenant_id = c.tenant_id
     AND c.code >= m.ics_prefix AND c.code < m.ics_prefix || '/'
   WHERE NOT EXISTS (SELECT 1 FROM standard_industry_areas n
                      WHERE n.tenant_id = c.tenant_id AND n.standard_id = c.standard_id
                        AND n.marketing_code = m.marketing_code)
     AND NOT EXISTS (SELECT 1 FROM standard_ics_codes c2
                       JOIN industry_area_ics_prefixes m2 ON m2.tenant_id = c2.tenant_id
                        AND c2.code >= m2.ics_prefix AND c2.code < m2.ics_prefix || '/'
                      WHERE c2.tenant_id = c.tenant_id AND c2.standard_id = c.standard_id
                        AND m2.marketing_code = m.marketing_code
                        AND (c2.code, m2.ics_prefix) < (c.code, m.ics_prefix));
