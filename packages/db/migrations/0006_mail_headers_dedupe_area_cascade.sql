-- 1. The local mail sink keeps every header of a message, in order, as the message carried them:
--    `headers` becomes [{"key": "DKIM-Signature", "value": "v=1; a=rsa-sha256; …"}, …] (it was an object of
--    the string-valued headers only). Older rows are converted.
UPDATE mail_messages
   SET headers = COALESCE(
         (SELECT jsonb_agg(jsonb_build_object('key', e.key, 'value', e.value) ORDER BY e.key)
            FROM jsonb_each_text(headers) e),
         '[]'::jsonb)
 WHERE jsonb_typeof(headers) = 'object';
ALTER TABLE mail_messages ALTER COLUMN headers SET DEFAULT '[]'::jsonb;

-- 2. The sink drops a redelivered message: at-least-once delivery may offer the same message (same
--    Message-ID, same recipients) again after a crash; a mailbox shows it once, and so does the sink.
DELETE FROM mail_messages a
 USING mail_messages b
 WHERE a.message_id = b.message_id AND a.rcpt_to = b.rcpt_to AND a.id > b.id;
CREATE UNIQUE INDEX mail_messages_message_id_key ON mail_messages (message_id, rcpt_to)
  WHERE message_id IS NOT NULL;

-- 3. Deleting a tenant was blocked: its industry areas were deleted (tenant cascade) while its standards'
--    area rows still named them (0001 had no ON DELETE on this foreign key).
ALTER TABLE standard_industry_areas DROP CONSTRAINT standard_industry_areas_tenant_id_marketing_code_fkey;
ALTER TABLE standard_industry_areas ADD CONSTRAINT standard_industry_areas_tenant_id_marketing_code_fkey
  FOREIGN KEY (tenant_id, marketing_code) REFERENCES industry_areas (tenant_id, marketing_code) ON DELETE CASCADE;
