-- Outside recipients of an organisation list: e-mail addresses without an account that get one e-mail per
-- change to a standard on the list, each with a one-click unsubscribe. Owners and editors add and remove
-- them (at most 50 subscribed per list, an address once); the e-mail's link sets unsubscribed_at, after
-- which the address gets nothing more and stays listed (shown as unsubscribed), so it is not added again.
-- As in 0048, every reference carries tenant_id.

CREATE TABLE organisation_list_recipients (
  -- A uuid: the unsubscribe link's signed token names it (http/signed-user-token.ts).
  id               uuid PRIMARY KEY,
  tenant_id        uuid NOT NULL,
  list_id          bigint NOT NULL,
  email            text NOT NULL CHECK (length(email) BETWEEN 3 AND 254 AND email = lower(email)),
  -- The member who added it; null once their account is deleted.
  added_by         uuid,
  added_at         timestamptz NOT NULL DEFAULT now(),
  unsubscribed_at  timestamptz,
  UNIQUE (tenant_id, id),
  UNIQUE (tenant_id, list_id, email),
  FOREIGN KEY (tenant_id, list_id) REFERENCES organisation_lists (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, added_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (added_by)
);

-- One e-mail per change and address: written in the transaction that records the change (set-based, from
-- the lists holding the changed standard), sent by the worker's list-recipient job, marked sent once.
CREATE TABLE organisation_list_mails (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id         uuid NOT NULL,
  recipient_id      uuid NOT NULL,
  catalog_event_id  bigint NOT NULL REFERENCES catalog_events(id) ON DELETE CASCADE,
  status            text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts          integer NOT NULL DEFAULT 0,
  -- A sender's claim: another worker skips the row until then (a dead sender's row is taken again after).
  claimed_until     timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  sent_at           timestamptz,
  last_error        text,
  UNIQUE (tenant_id, recipient_id, catalog_event_id),
  FOREIGN KEY (tenant_id, recipient_id) REFERENCES organisation_list_recipients (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX organisation_list_mails_pending_idx ON organisation_list_mails (created_at, id) WHERE status = 'pending';
