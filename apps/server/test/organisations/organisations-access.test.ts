import type { OrganisationRole } from '@trackwell/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  makeOrganisation,
  organisationTables,
  P,
  path,
  type TestOrganisation,
} from '../support/organisation-world.ts';
import type { TestUser } from '../support/tracker-fixtures.ts';
import { a, b, catA, expectError, std, t, useTrackerWorld } from '../support/tracker-world.ts';

/**
 * Who reaches what: every organisation route called by someone outside the organisation (another
 * organisation's owner, a member of the same store with no organisation, a user of another store) is 404 as
 * if it did not exist; by a member whose role may not do it, 403. Every refusal changes nothing and leaks nothing.
 */
useTrackerWorld();

let org: TestOrganisation;
let other: TestOrganisation;
let stranger: TestUser;
let otherStoreUser: TestUser;
let invitationId: string;

beforeAll(async () => {
  org = await makeOrganisation(a, 'Acme Quality');
  other = await makeOrganisation(a, 'Other Works');
  stranger = await a.createUser();
  otherStoreUser = await b.createUser();
  const invited = await callAs(a, org.owner, 'POST', path(P.invitations, { organisationId: org.id }), {
    email: 'pending@example.test',
    role: 'reader',
  });
  invitationId = invited.json().responseData.value.invitation.id;
  await callAs(a, org.owner, 'POST', path(P.listStandards, { organisationId: org.id, listId: org.listId }), {
    assetId: std(catA, 1).assetId,
  });
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface RouteCase {
  method: Method;
  template: string;
  payload?: () => unknown;
  /** The roles the route refuses with 403 (members of other roles may call it). */
  refused: OrganisationRole[];
}

const ids = () => ({
  organisationId: org.id,
  listId: org.listId,
  userId: org.byRole.reader.id,
  invitationId,
  standardId: String(std(catA, 1).id),
});

const ROUTES: RouteCase[] = [
  { method: 'GET', template: P.organisation, refused: [] },
  { method: 'GET', template: P.members, refused: [] },
  { method: 'GET', template: P.lists, refused: [] },
  { method: 'GET', template: P.list, refused: [] },
  { method: 'GET', template: P.invitations, refused: ['editor', 'reviewer', 'reader'] },
  {
    method: 'POST',
    template: P.invitations,
    payload: () => ({ email: 'someone@example.test', role: 'editor' }),
    refused: ['editor', 'reviewer', 'reader'],
  },
  { method: 'DELETE', template: P.invitation, refused: ['editor', 'reviewer', 'reader'] },
  {
    method: 'PUT',
    template: P.member,
    payload: () => ({ role: 'reader' }),
    refused: ['editor', 'reviewer', 'reader'],
  },
  { method: 'DELETE', template: P.member, refused: ['editor', 'reviewer', 'reader'] },
  {
    method: 'POST',
    template: P.lists,
    payload: () => ({ name: 'New list', responsibleUserId: org.byRole.editor.id }),
    refused: ['reviewer', 'reader'],
  },
  {
    method: 'PATCH',
    template: P.list,
    payload: () => ({ name: 'Renamed' }),
    refused: ['reviewer', 'reader'],
  },
  { method: 'DELETE', template: P.list, refused: ['reviewer', 'reader'] },
  {
    method: 'POST',
    template: P.listStandards,
    payload: () => ({ assetId: std(catA, 2).assetId }),
    refused: ['reviewer', 'reader'],
  },
  { method: 'DELETE', template: P.listStandard, refused: ['reviewer', 'reader'] },
];

const label = (r: RouteCase) => `${r.method} ${r.template}`;

describe('outside the organisation: 404 and nothing changed', () => {
  it.each(ROUTES.map((r) => [label(r), r] as const))('%s', async (_label, route) => {
    const before = await organisationTables();
    const url = path(route.template, ids());
    // Another organisation's owner, and a user of the store in no organisation.
    for (const caller of [other.owner, stranger]) {
      expectError(await callAs(a, caller, route.method, url, route.payload?.()), 404);
    }
    // A user of another store, on that store's host, naming this store's organisation.
    expectError(await callAs(b, otherStoreUser, route.method, url, route.payload?.()), 404);
    // This store's owner's token on the other store's host: not that store's token at all.
    expectError(await callAs(b, null, route.method, url, route.payload?.()), 401);
    expect(await organisationTables()).toBe(before);
  });
});

describe('a member whose role may not: 403 and nothing changed', () => {
  const cases = ROUTES.flatMap((r) => r.refused.map((role) => [`${label(r)} as ${role}`, r, role] as const));
  it.each(cases)('%s', async (_label, route, role) => {
    const before = await organisationTables();
    const caller = org.byRole[role];
    // Someone else's membership (their own row is "leave", which any member may do): the owner's.
    const named = route.template === P.member ? { ...ids(), userId: org.owner.id } : ids();
    const res = await callAs(a, caller, route.method, path(route.template, named), route.payload?.());
    expectError(res, 403);
    expect(await organisationTables()).toBe(before);
  });
});

describe('what members of every role may do', () => {
  it.each(['owner', 'editor', 'reviewer', 'reader'] as const)(
    'a %s reads the organisation, members and lists',
    async (role) => {
      const caller = org.byRole[role];
      const one = await callAs(a, caller, 'GET', path(P.organisation, ids()));
      expect(one.json().responseData.value.organisation).toMatchObject({ id: org.id, role });
      const members = await callAs(a, caller, 'GET', path(P.members, ids()));
      expect(members.json().responseData.value.members).toHaveLength(4);
      const lists = await callAs(a, caller, 'GET', path(P.lists, ids()));
      expect(lists.json().responseData.value.lists).toEqual([
        expect.objectContaining({
          id: org.listId,
          name: 'Acme Quality list',
          responsible: expect.objectContaining({ userId: org.byRole.reviewer.id }),
          standardCount: 1,
        }),
      ]);
    },
  );

  it('lists only my own organisations, with my role in each', async () => {
    const res = await callAs(a, org.byRole.editor, 'GET', P.organisations);
    expect(res.json().responseData.value.organisations).toEqual([
      expect.objectContaining({ id: org.id, name: 'Acme Quality', role: 'editor' }),
    ]);
    const none = await callAs(a, stranger, 'GET', P.organisations);
    expect(none.json().responseData.value.organisations).toEqual([]);
  });

  it('refuses malformed ids and bodies with 400, never 500', async () => {
    for (const [method, url, payload] of [
      ['GET', path(P.organisation, { organisationId: 'not-a-uuid' }), undefined],
      ['GET', path(P.list, { ...ids(), listId: '0' }), undefined],
      ['POST', P.organisations, { name: '' }],
      ['POST', P.organisations, { name: 'x'.repeat(121) }],
      ['POST', P.organisations, { name: 'ok', extra: 1 }],
      ['POST', path(P.invitations, ids()), { email: 'not an address', role: 'reader' }],
      ['POST', path(P.invitations, ids()), { email: 'x@example.test', role: 'admin' }],
      ['POST', path(P.listStandards, ids()), { assetId: 's-1', designation: 'S1' }],
      ['PATCH', path(P.list, ids()), {}],
    ] as const) {
      expectError(await callAs(a, org.owner, method, url, payload), 400);
    }
  });

  it('answers a missing token with 401', async () => {
    expectError(await callAs(a, null, 'GET', P.organisations), 401);
    expect(t.app).toBeDefined();
  });
});
