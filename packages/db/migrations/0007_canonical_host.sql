-- A store's canonical host: the one host name every absolute URL of that store is built from (e-mail links,
-- the issuer, the tenant configuration's URIs), whatever host a request came in on. The tenant definition's
-- first host is canonical; existing stores get the name their e-mail links already used (the first host
-- name that is not an IP address).
ALTER TABLE tenant_hosts ADD COLUMN canonical boolean NOT NULL DEFAULT false;
UPDATE tenant_hosts h SET canonical = true
  FROM (SELECT DISTINCT ON (tenant_id) tenant_id, host FROM tenant_hosts
         ORDER BY tenant_id, (host ~ '^[0-9.:]+$'), host) first
 WHERE h.tenant_id = first.tenant_id AND h.host = first.host;
CREATE UNIQUE INDEX tenant_hosts_one_canonical ON tenant_hosts (tenant_id) WHERE canonical;
