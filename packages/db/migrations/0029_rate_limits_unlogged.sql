-- The tracker API's shared rate-limit counters (0008) are written on every API call. They need no crash
-- safety: after a crash PostgreSQL empties an UNLOGGED table, which only restarts each caller's window. Not
-- logged, a counter's upsert writes no WAL and its commit waits for no WAL flush.
ALTER TABLE api_rate_limits SET UNLOGGED;
