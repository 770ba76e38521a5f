import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvitation, listOpenInvitations } from '../src/repositories/organisation-invitations.ts';
import {
  addStandardToList,
  createOrganisationList,
  findOrganisationList,
  listOrganisationListStandards,
} from '../src/repositories/organisation-lists.ts';
import {
  createOrganisation,
  findMemberRole,
  findOrganisation,
  listOrganisations,
  listUserOrganisations,
  putMember,
} from '../src/repositories/organisations.ts';
import { upsertTenant } from '../src/repositories/tenants.ts';
import { buildTenantDefinition, createTestDatabase, type TestDatabase } from '../src/testing.ts';

/**
 * The organisation repositories on both engines: every read is scoped to the store (another store's id finds
 * nothing), names are unique per store whatever their case, seats count members and open invitations only,
 * a deleted account leaves its lists without a responsible person, a deleted standard leaves its lists.
 */
describe('organisation repositories', () => {
  let t: TestDatabase;
  let storeA: string;
  let storeB: string;
  const [owner, member, other] = [randomUUID(), randomUUID(), randomUUID()];
  let standardId: number;

  beforeAll(async () => {
    t = await createTestDatabase();
    const db = t.handle;
    storeA = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
    storeB = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
    for (const [store, user] of [
      [storeA, owner],
      [storeA, member],
      [storeB, other],
    ] as const)
      await db.query(
        `INSERT INTO users (id, tenant_id, login, first_name, last_name) VALUES ($1, $2, $3, 'T', 'U')`,
        [user, store, `${user}@example.test`],
      );
    await db.query(`INSERT INTO publishers (tenant_id, code, name) VALUES ($1, 'P1', 'Pub')`, [storeA]);
    await db.query(
      `INSERT INTO committees (tenant_id, designation, title, publisher_code) VALUES ($1, 'C1', 'Com', 'P1')`,
      [storeA],
    );
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code, committee_designation, status, edition, published_on)
       VALUES ($1, 'a1', 'c1', 'D1-24', 'Title', 'P1', 'C1', 'active', '2024', '2024-01-01') RETURNING id`,
      [storeA],
    );
    standardId = Number(rows[0]!.id);
  });
  afterAll(() => t.drop());

  it('finds an organisation only in its own store; names are unique per store, in any case', async () => {
    const db = t.handle;
    const org = (await db.transaction((tx) =>
      createOrganisation(tx, storeA, { name: 'Acme', description: '' }),
    ))!;
    expect(await findOrganisation(db, storeA, org.id)).toMatchObject({
      name: 'Acme',
      seatLimit: 10,
      seatsUsed: 0,
    });
    expect(await findOrganisation(db, storeB, org.id)).toBeUndefined();
    expect(
      await db.transaction((tx) => createOrganisation(tx, storeA, { name: 'ACME', description: '' })),
    ).toBeUndefined();
    expect(
      await db.transaction((tx) => createOrganisation(tx, storeB, { name: 'Acme', description: '' })),
    ).toBeDefined();
    expect((await listOrganisations(db, storeB)).map((o) => o.id)).not.toContain(org.id);
    // A member of another store cannot be put in: the foreign key names the store.
    await expect(putMember(db, storeA, org.id, other, 'reader')).rejects.toThrow();
  });

  it('counts members and open invitations as seats; an expired invitation frees its seat', async () => {
    const db = t.handle;
    const org = (await db.transaction((tx) =>
      createOrganisation(tx, storeA, { name: 'Seats', description: '' }),
    ))!;
    await putMember(db, storeA, org.id, owner, 'owner');
    await createInvitation(db, storeA, {
      organisationId: org.id,
      email: 'open@example.test',
      role: 'reader',
      invitedBy: owner,
      ttlSeconds: 3600,
    });
    await createInvitation(db, storeA, {
      organisationId: org.id,
      email: 'old@example.test',
      role: 'reader',
      invitedBy: owner,
      ttlSeconds: 3600,
    });
    await db.query(
      `UPDATE organisation_invitations SET expires_at = now() - interval '1 second' WHERE email = 'old@example.test'`,
    );
    expect(await findOrganisation(db, storeA, org.id)).toMatchObject({
      members: 1,
      openInvitations: 1,
      seatsUsed: 2,
    });
    expect((await listOpenInvitations(db, storeA, org.id)).map((i) => i.email)).toEqual([
      'open@example.test',
    ]);
    // The expired one can be invited again (it is closed first); the open one cannot.
    expect(
      await createInvitation(db, storeA, {
        organisationId: org.id,
        email: 'old@example.test',
        role: 'editor',
        invitedBy: owner,
        ttlSeconds: 3600,
      }),
    ).toBeDefined();
    expect(
      await createInvitation(db, storeA, {
        organisationId: org.id,
        email: 'open@example.test',
        role: 'editor',
        invitedBy: owner,
        ttlSeconds: 3600,
      }),
    ).toBeUndefined();
    expect(await listUserOrganisations(db, storeA, owner)).toContainEqual(
      expect.objectContaining({ id: org.id, role: 'owner' }),
    );
    expect(await findMemberRole(db, storeB, org.id, owner)).toBeUndefined();
  });

  it('a deleted account leaves its lists without a responsible person; a deleted standard leaves the lists', async () => {
    const db = t.handle;
    const org = (await db.transaction((tx) =>
      createOrganisation(tx, storeA, { name: 'Lists', description: '' }),
    ))!;
    await putMember(db, storeA, org.id, member, 'reviewer');
    const made = await db.transaction((tx) =>
      createOrganisationList(tx, storeA, org.id, { name: 'Suppliers', responsibleUserId: member }),
    );
    if (!made.ok) throw new Error(made.reason);
    expect(
      await db.transaction((tx) =>
        createOrganisationList(tx, storeA, org.id, { name: 'suppliers', responsibleUserId: member }),
      ),
    ).toEqual({
      ok: false,
      reason: 'name_taken',
    });
    expect(
      await db.transaction((tx) =>
        createOrganisationList(tx, storeA, org.id, { name: 'Other', responsibleUserId: owner }),
      ),
    ).toEqual({
      ok: false,
      reason: 'not_member',
    });
    expect(await addStandardToList(db, storeA, made.id, standardId)).toBe(true);
    expect(await addStandardToList(db, storeA, made.id, standardId)).toBe(false);
    expect(await addStandardToList(db, storeB, made.id, standardId)).toBe(false); // another store's list: nothing
    expect(await findOrganisationList(db, storeB, org.id, made.id)).toBeUndefined();

    await db.query('DELETE FROM users WHERE tenant_id = $1 AND id = $2', [storeA, member]);
    expect((await findOrganisationList(db, storeA, org.id, made.id))?.responsible).toBeNull();
    await db.query('DELETE FROM standards WHERE tenant_id = $1 AND id = $2', [storeA, standardId]);
    expect(await listOrganisationListStandards(db, storeA, made.id)).toEqual([]);
  });
});
