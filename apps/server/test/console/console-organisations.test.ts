import { ORGANISATION_PATHS as P } from '@trackwell/contracts';
import { createOrganisation, putMember } from '@trackwell/db';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  a,
  adminA,
  adminB,
  b,
  callAs,
  editorA,
  nobodyA,
  t,
  useConsoleWorld,
} from '../support/console-world.ts';
import { expectError } from '../support/tracker-world.ts';

/**
 * A store's organisations in the console: its administrators see them with seats, members, open
 * invitations and lists, one with its members, and set each one's seat limit (audited). Another store's
 * administrator, a catalogue editor and a user with no console role are refused and change nothing.
 */
useConsoleWorld();

let organisationId: string;
const list = (code = a.tenant.code) => P.consoleOrganisations.replace(':code', code);
const one = (id = organisationId, code = a.tenant.code) =>
  P.consoleOrganisation.replace(':code', code).replace(':organisationId', id);
const seats = (id = organisationId, code = a.tenant.code) =>
  P.consoleSeatLimit.replace(':code', code).replace(':organisationId', id);
const seatLimit = async () =>
  (
    await t.app.db.query<{ seat_limit: number }>('SELECT seat_limit FROM organisations WHERE id = $1', [
      organisationId,
    ])
  ).rows[0]?.seat_limit;

beforeAll(async () => {
  const org = await t.app.db.transaction((tx) =>
    createOrganisation(tx, a.tenant.id, { name: 'Console Co', description: '' }),
  );
  organisationId = org!.id;
  const owner = await a.createUser('owner@console-co.test');
  await putMember(t.app.db, a.tenant.id, organisationId, owner.id, 'owner');
});

describe('console organisations', () => {
  it('lists the store’s organisations with seats, and one with its members', async () => {
    const res = await callAs(adminA, { method: 'GET', url: list() });
    expect(res.json().organisations).toEqual([
      expect.objectContaining({
        id: organisationId,
        name: 'Console Co',
        seats: { limit: 10, used: 1 },
        members: 1,
        openInvitations: 0,
        lists: 0,
      }),
    ]);
    const detail = await callAs(adminA, { method: 'GET', url: one() });
    expect(detail.json().organisation.memberList).toEqual([
      expect.objectContaining({ login: 'owner@console-co.test', role: 'owner' }),
    ]);
  });

  it('sets the seat limit, with an audit entry', async () => {
    const res = await callAs(adminA, { method: 'PUT', url: seats(), payload: { seatLimit: 3 } });
    expect(res.json().organisation.seats).toEqual({ limit: 3, used: 1 });
    const { rows } = await t.app.db.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM console_audit_log WHERE action = 'organisation.seats' AND tenant_id = $1`,
      [a.tenant.id],
    );
    expect(rows).toEqual([{ before: { seatLimit: 10 }, after: { seatLimit: 3 } }]);
  });

  it('refuses other stores’ administrators, catalogue editors and users without a role; nothing changes', async () => {
    const before = await seatLimit();
    for (const actor of [adminB, editorA, nobodyA]) {
      expectError(await callAs(actor, { method: 'GET', url: list() }), 403);
      expectError(await callAs(actor, { method: 'PUT', url: seats(), payload: { seatLimit: 99 } }), 403);
    }
    // Store B's administrator naming this organisation under their own store: it is not theirs.
    expectError(await callAs(adminB, { method: 'GET', url: one(organisationId, b.tenant.code) }), 404);
    expectError(
      await callAs(adminB, {
        method: 'PUT',
        url: seats(organisationId, b.tenant.code),
        payload: { seatLimit: 99 },
      }),
      404,
    );
    expect(await seatLimit()).toBe(before);
  });

  it('refuses a limit outside 1…100000 or not a whole number with 400', async () => {
    for (const seatLimit of [0, -1, 100_001, 2.5, '5']) {
      expectError(await callAs(adminA, { method: 'PUT', url: seats(), payload: { seatLimit } }), 400);
    }
  });
});
