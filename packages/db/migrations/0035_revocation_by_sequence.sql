-- A user-wide revocation that covers every token issued before it (sign-out, reset, deactivation), decided by
-- order, not by clock: the embedded issuer writes into each access token the highest such `seq` of its user
-- at the moment it is issued (claim `rev`), and a token is refused when a covering row with a higher `seq`
-- exists. `iat` has one-second resolution, so two cut-offs and a sign-in within one second cannot be ordered
-- by time. Rows with all_issued = false (a password change that keeps the caller's token) still compare
-- `iat` with `issued_before`; tokens without `rev` (an external issuer's) compare `iat` for every row.
ALTER TABLE token_revocations ADD COLUMN all_issued boolean NOT NULL DEFAULT false;
CREATE INDEX token_revocations_user_seq_idx ON token_revocations (tenant_id, subject, seq) WHERE all_issued;
