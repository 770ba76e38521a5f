-- Organisations within a store: a company's members with a role each, e-mailed invitations, a seat limit the
-- store sets, and the organisation's named watch lists, each with a responsible person who is a member.
-- Every table carries tenant_id, and every reference between them includes it, so a row can never point into
-- another store. Personal lists (content_trackings) are unchanged.

CREATE TABLE organisations (
  id           uuid PRIMARY KEY,
  tenant_id    uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  description  text NOT NULL DEFAULT '' CHECK (length(description) <= 1000),
  -- Members plus open invitations never exceed it (the store sets it in the console).
  seat_limit   integer NOT NULL DEFAULT 10 CHECK (seat_limit BETWEEN 1 AND 100000),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, id)
);
-- One organisation of a name per store (Okta's group names are unique too); paging is by (created_at, id).
CREATE UNIQUE INDEX organisations_name_idx ON organisations (tenant_id, lower(name));
CREATE INDEX organisations_page_idx ON organisations (tenant_id, created_at, id);

CREATE TABLE organisation_members (
  tenant_id        uuid NOT NULL,
  organisation_id  uuid NOT NULL,
  user_id          uuid NOT NULL,
  role             text NOT NULL CHECK (role IN ('owner', 'editor', 'reviewer', 'reader')),
  joined_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, organisation_id, user_id),
  FOREIGN KEY (tenant_id, organisation_id) REFERENCES organisations (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
-- "My organisations" and "is this user in any organisation" (the subscriber-company rule).
CREATE INDEX organisation_members_user_idx ON organisation_members (tenant_id, user_id);

CREATE TABLE organisation_invitations (
  id               uuid PRIMARY KEY,
  tenant_id        uuid NOT NULL,
  organisation_id  uuid NOT NULL,
  email            text NOT NULL,   -- lower case, as users.login
  role             text NOT NULL CHECK (role IN ('owner', 'editor', 'reviewer', 'reader')),
  invited_by       uuid,
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL,
  -- Closed once: accepted (by this user) or revoked by an owner; never reopened.
  accepted_at      timestamptz,
  accepted_by      uuid,
  revoked_at       timestamptz,
  FOREIGN KEY (tenant_id, organisation_id) REFERENCES organisations (tenant_id, id) ON DELETE CASCADE
);
-- One open invitation per address and organisation.
CREATE UNIQUE INDEX organisation_invitations_open_idx ON organisation_invitations (tenant_id, organisation_id, email)
  WHERE accepted_at IS NULL AND revoked_at IS NULL;

CREATE TABLE organisation_lists (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id            uuid NOT NULL,
  organisation_id      uuid NOT NULL,
  name                 text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  -- Null only after the responsible person's account was deleted: an editor then names another member.
  responsible_user_id  uuid,
  created_at           timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, id),
  FOREIGN KEY (tenant_id, organisation_id) REFERENCES organisations (tenant_id, id) ON DELETE CASCADE,
  -- The responsible person is a member of the list's organisation (removing them through the API first needs
  -- another; a deleted account leaves the list without one). SET NULL of one column: PostgreSQL 15.
  FOREIGN KEY (tenant_id, organisation_id, responsible_user_id)
    REFERENCES organisation_members (tenant_id, organisation_id, user_id) ON DELETE SET NULL (responsible_user_id)
);
CREATE UNIQUE INDEX organisation_lists_name_idx ON organisation_lists (tenant_id, organisation_id, lower(name));
CREATE INDEX organisation_lists_responsible_idx
  ON organisation_lists (tenant_id, organisation_id, responsible_user_id);

CREATE TABLE organisation_list_standards (
  tenant_id    uuid NOT NULL,
  list_id      bigint NOT NULL,
  standard_id  bigint NOT NULL REFERENCES standards(id) ON DELETE CASCADE,
  added_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, list_id, standard_id),
  FOREIGN KEY (tenant_id, list_id) REFERENCES organisation_lists (tenant_id, id) ON DELETE CASCADE
);
-- A change to a standard finds the organisation lists that hold it.
CREATE INDEX organisation_list_standards_standard_idx ON organisation_list_standards (tenant_id, standard_id);
