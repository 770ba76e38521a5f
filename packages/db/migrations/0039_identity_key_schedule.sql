-- A store's identity keys rotate in three steps, each at its time: a NEXT key is published in the JWKS (and its
-- cookie secret accepted) before it signs, so relying parties' JWKS caches learn it first; at next_signs_at it
-- becomes the current key (it signs) and the current one becomes the PREVIOUS key, which still verifies until
-- previous_retires_at (when every token and session it signed has expired); then it is dropped.
-- published_at: when the current key was published (its "created"); rotated_at (0036): since when it signs.
ALTER TABLE identity_keys
  ADD COLUMN published_at timestamptz,
  ADD COLUMN next_kid text,
  ADD COLUMN next_private_jwk jsonb,
  ADD COLUMN next_cookie_secret text,
  ADD COLUMN next_published_at timestamptz,
  ADD COLUMN next_signs_at timestamptz,
  ADD COLUMN previous_published_at timestamptz,
  ADD COLUMN previous_retires_at timestamptz,
  ADD CONSTRAINT identity_keys_next_whole CHECK (
    (next_kid IS NULL) = (next_private_jwk IS NULL)
    AND (next_kid IS NULL) = (next_cookie_secret IS NULL)
    AND (next_kid IS NULL) = (next_signs_at IS NULL)
    AND (next_kid IS NULL) = (next_published_at IS NULL));

UPDATE identity_keys SET published_at = COALESCE(rotated_at, created_at);
-- A previous key left by the two-step CLI (0036) retires on its own once its tokens and sessions have expired
-- (2 hours and the 5 minutes of clock skew the SDKs allow after its rotation).
UPDATE identity_keys SET previous_retires_at = rotated_at + interval '2 hours 5 minutes',
                         previous_published_at = created_at
 WHERE previous_kid IS NOT NULL;
ALTER TABLE identity_keys ALTER COLUMN published_at SET DEFAULT now();
ALTER TABLE identity_keys ALTER COLUMN published_at SET NOT NULL;
