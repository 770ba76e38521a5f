-- A store's identity keys after a rotation: the previous signing key and cookie secret stay beside the new
-- ones, so what they signed (access and ID tokens, session cookies) stays valid until the operator retires
-- them; new tokens and cookies are signed with the current ones. NULL: no rotation under way.
-- decoy_secret: the secret the passkey sign-in's decoys are derived from (authn/passkey-decoy.ts), which must
-- never change (decoys that change when keys rotate while real passkeys do not would tell them apart): the
-- first cookie secret, kept here when a rotation replaces it (NULL: still the current cookie_secret).
ALTER TABLE identity_keys
  ADD COLUMN decoy_secret text,
  ADD COLUMN previous_kid text,
  ADD COLUMN previous_private_jwk jsonb,
  ADD COLUMN previous_cookie_secret text,
  ADD COLUMN rotated_at timestamptz,
  ADD CONSTRAINT identity_keys_previous_whole CHECK (
    (previous_kid IS NULL) = (previous_private_jwk IS NULL)
    AND (previous_kid IS NULL) = (previous_cookie_secret IS NULL));
