-- The console's standards list sorts by designation, title, release date or status (then designation), each
-- page by page over a store of 100,000 standards: one btree per order (the text_pattern_ops index of 0001
-- serves prefix search, not ORDER BY), so a page reads its rows in order instead of sorting the store.
CREATE INDEX standards_designation_order_idx ON standards (tenant_id, designation, id);
CREATE INDEX standards_title_order_idx ON standards (tenant_id, title, id);
CREATE INDEX standards_published_order_idx ON standards (tenant_id, published_on, id);
CREATE INDEX standards_status_order_idx ON standards (tenant_id, status, designation, id);
