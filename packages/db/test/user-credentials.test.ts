import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/client.ts';
import { upsertTenant } from '../src/repositories/tenants.ts';
import { replacePasswordHash } from '../src/repositories/user-credentials.ts';
import { createIdentityUser, findIdentityUserById } from '../src/repositories/users.ts';
import { hashPassword, needsRehash, verifyPassword } from '../src/repositories/users-passwords.ts';
import { buildTenantDefinition, createTestDatabase, type TestDatabase, testEngine } from '../src/testing.ts';

/** A stronger hash of the same password replaces only the hash (a sign-in with an old-cost hash). */
describe(`password rehash on ${testEngine()}`, () => {
  let t: TestDatabase;
  let db: DatabaseHandle;
  let tenantA: string;
  let tenantB: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    db = t.handle;
    tenantA = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
    tenantB = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
  });
  afterAll(() => t.drop());

  it('keeps the expiry and warning dates, changes only this tenant’s user', async () => {
    const weak = await hashPassword('Correct-horse-9', { N: 1024, r: 8, p: 1 });
    expect(needsRehash(weak)).toBe(true);
    const expires = new Date(Date.now() + 86_400_000);
    const user = await db.transaction((tx) =>
      createIdentityUser(tx, tenantA, {
        login: 'rehash@example.test',
        firstName: 'R',
        lastName: 'H',
        passwordHash: weak,
        passwordExpiresAt: expires,
      }),
    );
    await replacePasswordHash(db, tenantB, user.id, 'not-this-tenant');
    expect((await findIdentityUserById(db, tenantA, user.id))?.passwordHash).toBe(weak);

    const strong = await hashPassword('Correct-horse-9');
    await replacePasswordHash(db, tenantA, user.id, strong);
    const after = await findIdentityUserById(db, tenantA, user.id);
    expect(after?.passwordHash).toBe(strong);
    expect(needsRehash(after!.passwordHash!)).toBe(false);
    expect(await verifyPassword('Correct-horse-9', after!.passwordHash)).toBe(true);
    expect(after?.passwordExpiresAt?.getTime()).toBe(expires.getTime());
  });
});
