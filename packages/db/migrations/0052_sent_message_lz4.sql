-- The whole MIME message kept with each delivery and digest (0012, 0025) was compressed by pglz, PostgreSQL's
-- default: 2.5 of the 2.8 ms the sender's "sent" mark took for its ~6 rows. lz4 compresses the same message
-- many times faster. Values already stored keep their compression (both read alike). PGlite is built without
-- lz4 and keeps pglz.
DO $$
BEGIN
  ALTER TABLE notification_deliveries ALTER COLUMN sent_message SET COMPRESSION lz4;
  ALTER TABLE notification_digests ALTER COLUMN sent_message SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END $$;
