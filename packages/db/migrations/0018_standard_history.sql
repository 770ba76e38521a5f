-- Issue 16 §3: a standard's edition history is read from its recorded changes, newest first.
CREATE INDEX catalog_events_standard_idx ON catalog_events (tenant_id, standard_id, occurred_at DESC, id DESC)
  WHERE standard_id IS NOT NULL;
