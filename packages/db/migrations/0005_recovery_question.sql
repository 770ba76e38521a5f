-- Identity: Okta's recovery question (authn state RECOVERY). A user may have one question and its answer; the
-- answer is stored only as an scrypt hash of its normalised form (trimmed, lower-cased), as Okta compares it
-- case-insensitively. NULL question = no recovery question: a recovery token leads straight to PASSWORD_RESET.
ALTER TABLE identity_accounts ADD COLUMN recovery_question text;
ALTER TABLE identity_accounts ADD COLUMN recovery_answer_hash text;   -- "scrypt$N$r$p$salt$hash" like password_hash
ALTER TABLE identity_accounts ADD CONSTRAINT identity_accounts_recovery_question_pair
  CHECK ((recovery_question IS NULL) = (recovery_answer_hash IS NULL));
