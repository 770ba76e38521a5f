import { ORGANISATION_PATHS, type OrganisationRole } from '@trackwell/contracts';
import { createOrganisationList, putMember } from '@trackwell/db';
import type { TestUser, TrackerTenant } from './tracker-fixtures.ts';
import { t } from './tracker-world.ts';

/**
 * What the organisations API's tests share (on top of the tracker world's two stores): paths with their ids
 * filled in, a caller, an organisation made through the API with members of each role put in directly, and
 * a fingerprint of every organisation table to prove a refused call changed nothing.
 */

export const P = ORGANISATION_PATHS;

export const path = (template: string, ids: Record<string, string>) =>
  template.replace(/:(\w+)/g, (_m, key: string) => ids[key] ?? `:${key}`);

export const callAs = (
  store: TrackerTenant,
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) => store.call(user, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

export interface TestOrganisation {
  id: string;
  owner: TestUser;
  byRole: Record<OrganisationRole, TestUser>;
  listId: string;
}

/** An organisation made by its owner through the API, one member of each other role, and one list. */
export async function makeOrganisation(store: TrackerTenant, name: string): Promise<TestOrganisation> {
  const owner = await store.createUser();
  const res = await callAs(store, owner, 'POST', P.organisations, { name });
  if (res.statusCode !== 200) throw new Error(`organisation not created: ${res.body}`);
  const id = res.json().responseData.value.organisation.id as string;
  const byRole = { owner } as Record<OrganisationRole, TestUser>;
  for (const role of ['editor', 'reviewer', 'reader'] as const) {
    byRole[role] = await store.createUser();
    await putMember(t.app.db, store.tenant.id, id, byRole[role].id, role);
  }
  const list = await t.app.db.transaction((tx) =>
    createOrganisationList(tx, store.tenant.id, id, {
      name: `${name} list`,
      responsibleUserId: byRole.reviewer.id,
    }),
  );
  if (!list.ok) throw new Error(`list not created: ${list.reason}`);
  return { id, owner, byRole, listId: list.id };
}

/** One text per organisation table, of all its rows: equal before and after means nothing changed. */
export async function organisationTables(): Promise<string> {
  const tables = [
    'organisations',
    'organisation_members',
    'organisation_invitations',
    'organisation_lists',
    'organisation_list_standards',
  ];
  const parts: string[] = [];
  for (const table of tables) {
    const { rows } = await t.app.db.query<{ rows: string | null }>(
      `SELECT string_agg(x::text, '|' ORDER BY x::text) AS rows FROM ${table} x`,
    );
    parts.push(`${table}:${rows[0]?.rows ?? ''}`);
  }
  const { rows } = await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_messages');
  return `${parts.join('\n')}\nmails:${rows[0]?.n}`;
}
