-- Foundation schema: tenants and their assets, the catalogue, users and trackings.
-- Every tenant-owned table carries tenant_id and every query filters on it (docs/ARCHITECTURE.md).

CREATE TABLE tenants (
  id          uuid PRIMARY KEY,
  code        text NOT NULL UNIQUE,
  config      jsonb NOT NULL,       -- TenantConfig (packages/contracts), validated before write
  theme       jsonb NOT NULL,       -- TenantTheme, compiled into /assets/{code}/theme.css
  feature_flags jsonb NOT NULL,     -- FeatureFlags
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Tenant = host. Each host name belongs to exactly one tenant.
CREATE TABLE tenant_hosts (
  host       text PRIMARY KEY,
  tenant_id  uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE
);
CREATE INDEX tenant_hosts_tenant_idx ON tenant_hosts (tenant_id);

-- Logos and other binary assets served under /assets/{code}/{name}.
CREATE TABLE tenant_assets (
  tenant_id     uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  name          text NOT NULL,
  content_type  text NOT NULL,
  body          bytea NOT NULL,
  sha256        text NOT NULL,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, name)
);

-- Catalogue (per tenant: each store sells its own catalogue and receives its own change feed).
CREATE TABLE publishers (
  tenant_id  uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  code       text NOT NULL,
  name       text NOT NULL,
  PRIMARY KEY (tenant_id, code)
);

CREATE TABLE committees (
  tenant_id       uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  designation     text NOT NULL,
  title           text NOT NULL,
  publisher_code  text NOT NULL,
  PRIMARY KEY (tenant_id, designation),
  FOREIGN KEY (tenant_id, publisher_code) REFERENCES publishers (tenant_id, code)
);

CREATE TABLE industry_areas (
  tenant_id       uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  marketing_code  text NOT NULL,
  code_name       text NOT NULL,
  PRIMARY KEY (tenant_id, marketing_code)
);

CREATE TABLE standards (
  id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id              uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  asset_id               text NOT NULL,    -- the store's page id: publicURL + asset_id + '.html'
  content_code           text NOT NULL,    -- the publisher's content code (resolver input)
  designation            text NOT NULL,    -- e.g. D638-22
  title                  text NOT NULL,
  publisher_code         text NOT NULL,
  committee_designation  text NOT NULL,
  status                 text NOT NULL CHECK (status IN ('active', 'withdrawn', 'historical')),
  edition                text NOT NULL,    -- e.g. 2022
  published_on           date NOT NULL,
  updated_at             timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, asset_id),
  UNIQUE (tenant_id, content_code),
  FOREIGN KEY (tenant_id, publisher_code) REFERENCES publishers (tenant_id, code),
  FOREIGN KEY (tenant_id, committee_designation) REFERENCES committees (tenant_id, designation)
);
CREATE INDEX standards_designation_idx ON standards (tenant_id, designation text_pattern_ops);
CREATE INDEX standards_committee_idx ON standards (tenant_id, committee_designation);

CREATE TABLE standard_industry_areas (
  tenant_id       uuid NOT NULL,
  standard_id     bigint NOT NULL REFERENCES standards(id) ON DELETE CASCADE,
  marketing_code  text NOT NULL,
  PRIMARY KEY (tenant_id, standard_id, marketing_code),
  FOREIGN KEY (tenant_id, marketing_code) REFERENCES industry_areas (tenant_id, marketing_code)
);
CREATE INDEX standard_industry_areas_code_idx ON standard_industry_areas (tenant_id, marketing_code);

CREATE TABLE work_items (
  id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id              uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  work_item_number       text NOT NULL,    -- e.g. WK81234
  title                  text NOT NULL,
  committee_designation  text NOT NULL,
  status                 text NOT NULL CHECK (status IN ('proposed', 'in_ballot', 'approved', 'published', 'withdrawn')),
  created_on             date NOT NULL,
  updated_at             timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, work_item_number),
  FOREIGN KEY (tenant_id, committee_designation) REFERENCES committees (tenant_id, designation)
);

-- Users of a tenant (the identity module extends this table). A user of one tenant does not exist in another.
CREATE TABLE users (
  id          uuid PRIMARY KEY,
  tenant_id   uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  login       text NOT NULL,             -- lower-case e-mail address
  first_name  text NOT NULL,
  last_name   text NOT NULL,
  user_type   text NOT NULL DEFAULT 'individual',   -- 'subscriber company' is signed out (spec §3)
  locale      text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, login),
  UNIQUE (tenant_id, id)
);

-- Individually tracked standards (spec §3 "Tracked content row").
CREATE TABLE content_trackings (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id     uuid NOT NULL,
  user_id       uuid NOT NULL,
  standard_id   bigint NOT NULL REFERENCES standards(id) ON DELETE CASCADE,
  tracking_off  boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, user_id, standard_id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
-- The list is newest first, then id: this index serves both the page and keyset continuation.
CREATE INDEX content_trackings_list_idx ON content_trackings (tenant_id, user_id, created_at DESC, id DESC);
CREATE INDEX content_trackings_standard_idx ON content_trackings (tenant_id, standard_id);

-- Content-source trackings (spec §3): committee designations, industry marketing codes, publisher codes,
-- and the work-item switch, per application code.
CREATE TABLE source_trackings (
  tenant_id         uuid NOT NULL,
  user_id           uuid NOT NULL,
  application_code  text NOT NULL CHECK (application_code IN ('TRACKER', 'COMPASS', 'SB', 'PUB')),
  tracking_type     text NOT NULL CHECK (tracking_type IN ('COMMITTEE', 'INDUSTRYAREA', 'PUBLISHERS', 'WORKITEM')),
  value             text NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id, application_code, tracking_type, value),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
-- Matching a change to trackers goes from the value to the users.
CREATE INDEX source_trackings_value_idx ON source_trackings (tenant_id, tracking_type, value);
