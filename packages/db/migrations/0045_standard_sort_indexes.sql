-- The console's standards list sorts by designation, title, release date or status (then designation), each
-- page by page over a store of 100,000 standards: one btree per order (the text_pattern_ops index of 0001
-- serves prefix search, not ORDER BY), so a page reads its rows in order instead of sorting the store.
CREATE INDEX standards_designation_order_idx ON standards (tenant_id, designation, id);
CREATE INDEX standards_title_order_idx ON standards (tenant_id, title, id);
CREATE INDEX standards_published_order_idx ON standards (tenant_id, published_on, id);
CREATE INDEX standards_status_order_idx ON standards (tenant_id, status, designation, id);
-- The list's filter matches a content code prefix too (`content_code LIKE 'X%'`, OR-ed with the designation
-- and title matches): the UNIQUE index of 0001 serves LIKE only under the C collation, so on a PostgreSQL
-- server with another collation every filtered page read the whole store.
CREATE INDEX standards_content_code_prefix_idx ON standards (tenant_id, content_code text_pattern_ops);
