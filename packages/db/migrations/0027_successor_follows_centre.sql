-- Issue 16 §3/§4: a replacement can also be followed from the in-app notification centre's "Track <new>
-- instead" button ('centre'), besides at publish ('automatic') and by the e-mail's signed link ('link').
ALTER TABLE successor_follows DROP CONSTRAINT IF EXISTS successor_follows_how_check;
ALTER TABLE successor_follows ADD CONSTRAINT successor_follows_how_check
  CHECK (how IN ('automatic', 'link', 'centre'));
