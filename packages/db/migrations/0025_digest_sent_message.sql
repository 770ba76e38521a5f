-- Issue 16 §2 / issue 14 §4: a digest's e-mail, as handed to SMTP, is kept once on the digest, not copied
-- into each of its changes' delivery rows (five changes: five copies of ~25 kB written per digest, which
-- bench/digest showed in the send rate). The console reads a delivery's message from its digest.
ALTER TABLE notification_digests ADD COLUMN sent_message text;
