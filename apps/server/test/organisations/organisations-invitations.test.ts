import { findIdentityUserByLogin, listMailMessages, setSeatLimit } from '@trackwell/db';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  makeOrganisation,
  organisationTables,
  P,
  path,
  type TestOrganisation,
} from '../support/organisation-world.ts';
import { a, b, expectError, t, useTrackerWorld } from '../support/tracker-world.ts';

/**
 * Invitations by e-mail within the seat limit: the owner invites an address, the e-mail (in the invitee's
 * language) carries a signed link; accepting it makes the account or lets the existing one join. Members
 * plus open invitations never pass the limit the store sets.
 */
useTrackerWorld();

let org: TestOrganisation;
const invitations = () => path(P.invitations, { organisationId: org.id });
const invite = (email: string, role = 'reader') =>
  callAs(a, org.owner, 'POST', invitations(), { email, role });
const tokenIn = async (to: string) => {
  const [mail] = await listMailMessages(t.app.db, { to });
  const link = /(http\S+\/organisations\/accept\?\S+)/.exec(mail?.text ?? '')?.[1];
  return { mail, link, token: link ? new URL(link).searchParams.get('token')! : '' };
};
const accept = (token: string, extra: Record<string, unknown> = {}, store = a) =>
  callAs(store, null, 'POST', P.invitationAccept, { token, ...extra });

beforeAll(async () => {
  org = await makeOrganisation(a, 'Seat Counters');
});

describe('inviting and accepting', () => {
  it('e-mails a signed link to the accept page; a new person makes an account and joins with the role', async () => {
    const res = await invite('New.Person@Example.test', 'editor');
    expect(res.statusCode).toBe(200);
    expect(res.json().responseData.value.invitation).toMatchObject({
      email: 'new.person@example.test',
      role: 'editor',
    });
    const { mail, link, token } = await tokenIn('new.person@example.test');
    expect(mail?.subject).toBe(`${a.tenant.config.tenantName}: join Seat Counters`);
    expect(mail?.text).toContain(`${org.owner.login} invites you to Seat Counters`);
    expect(link).toMatch(
      new RegExp(`^http://${a.tenant.canonicalHost}(:\\d+)?/organisations/accept\\?token=`),
    );

    const preview = await callAs(a, null, 'POST', P.invitationLookup, { token });
    expect(preview.json().responseData.value.invitation).toMatchObject({
      organisationName: 'Seat Counters',
      email: 'new.person@example.test',
      role: 'editor',
      hasAccount: false,
    });
    // A new account needs a name and a password that the store's rule accepts.
    expectError(await accept(token), 400);
    expectError(await accept(token, { firstName: 'New', lastName: 'Person', password: 'short' }), 400);
    const accepted = await accept(token, {
      firstName: 'New',
      lastName: 'Person',
      password: 'Correct-horse-9!',
    });
    expect(accepted.json().responseData.value).toEqual({
      organisationId: org.id,
      login: 'new.person@example.test',
      accountCreated: true,
    });
    const user = await findIdentityUserByLogin(t.app.db, a.tenant.id, 'new.person@example.test');
    expect(user?.passwordHash).toBeTruthy();
    const members = await callAs(a, org.owner, 'GET', path(P.members, { organisationId: org.id }));
    expect(members.json().responseData.value.members).toContainEqual(
      expect.objectContaining({ userId: user!.id, role: 'editor' }),
    );
    // The link works once.
    expectError(await accept(token), 404);
  });

  it('an existing account joins with the token alone; its e-mail is in their language (Arabic, names isolated)', async () => {
    const existing = await a.createUser('known.person@example.test');
    await t.app.db.query("UPDATE users SET locale = 'ar' WHERE id = $1", [existing.id]);
    expect((await invite(existing.login)).statusCode).toBe(200);
    const { mail, token } = await tokenIn(existing.login);
    expect(mail?.subject).toBe(
      `\u2068${a.tenant.config.tenantName}\u2069: انضم إلى \u2068Seat Counters\u2069`,
    );
    expect(mail?.html).toContain('dir="rtl"');
    expect(mail?.html).toContain('<bdi>Seat Counters</bdi>');
    const accepted = await accept(token);
    expect(accepted.json().responseData.value).toMatchObject({
      accountCreated: false,
      login: existing.login,
    });
    const mine = await callAs(a, existing, 'GET', P.organisations);
    expect(mine.json().responseData.value.organisations).toEqual([
      expect.objectContaining({ id: org.id, role: 'reader' }),
    ]);
  });

  it('a link is refused on another store’s host, when withdrawn, and when forged: 404, nothing changed', async () => {
    const res = await invite('withdrawn@example.test');
    const { token } = await tokenIn('withdrawn@example.test');
    const before = await organisationTables();
    expectError(await accept(token, { firstName: 'A', lastName: 'B', password: 'Correct-horse-9!' }, b), 404);
    expectError(
      await accept(`${token.slice(0, -3)}abc`, {
        firstName: 'A',
        lastName: 'B',
        password: 'Correct-horse-9!',
      }),
      404,
    );
    expect(await organisationTables()).toBe(before);
    const id = res.json().responseData.value.invitation.id as string;
    await callAs(a, org.owner, 'DELETE', path(P.invitation, { organisationId: org.id, invitationId: id }));
    expectError(await callAs(a, null, 'POST', P.invitationLookup, { token }), 404);
    expect(await findIdentityUserByLogin(t.app.db, a.tenant.id, 'withdrawn@example.test')).toBeUndefined();
  });

  it('refuses inviting a member or an address already invited with 409', async () => {
    expectError(await invite(org.byRole.editor.login), 409);
    await invite('twice@example.test');
    expectError(await invite('twice@example.test'), 409);
  });
});

describe('seats', () => {
  it('counts members and open invitations; the invitation past the limit is refused and nothing is sent', async () => {
    const small = await makeOrganisation(a, 'Small Team'); // 4 members
    await setSeatLimit(t.app.db, a.tenant.id, small.id, 5);
    const url = path(P.invitations, { organisationId: small.id });
    expect(
      (await callAs(a, small.owner, 'POST', url, { email: 'fifth@example.test', role: 'reader' })).statusCode,
    ).toBe(200);
    const before = await organisationTables();
    const refused = expectError(
      await callAs(a, small.owner, 'POST', url, { email: 'sixth@example.test', role: 'reader' }),
      409,
    );
    expect(refused.error).toBe('seat_limit');
    expect(refused.message).toContain('all of its 5 seats');
    expect(await organisationTables()).toBe(before);
    const one = await callAs(a, small.owner, 'GET', path(P.organisation, { organisationId: small.id }));
    expect(one.json().responseData.value.organisation.seats).toEqual({ limit: 5, used: 5 });
  });

  it('an acceptance after the store lowered the limit below the members is refused', async () => {
    const team = await makeOrganisation(a, 'Shrinking Team');
    await callAs(a, team.owner, 'POST', path(P.invitations, { organisationId: team.id }), {
      email: 'late@example.test',
      role: 'reader',
    });
    const { token } = await tokenIn('late@example.test');
    await setSeatLimit(t.app.db, a.tenant.id, team.id, 4);
    const refused = expectError(
      await accept(token, { firstName: 'L', lastName: 'Ate', password: 'Correct-horse-9!' }),
      409,
    );
    expect(refused.error).toBe('seat_limit');
    expect(await findIdentityUserByLogin(t.app.db, a.tenant.id, 'late@example.test')).toBeUndefined();
  });
});

describe('members', () => {
  it('keeps the last owner, and keeps a list’s responsible person until another is named', async () => {
    const team = await makeOrganisation(a, 'Owned Team');
    const member = (userId: string) => path(P.member, { organisationId: team.id, userId });
    expect(expectError(await callAs(a, team.owner, 'DELETE', member(team.owner.id)), 409).error).toBe(
      'last_owner',
    );
    expect(
      expectError(await callAs(a, team.owner, 'PUT', member(team.owner.id), { role: 'reader' }), 409).error,
    ).toBe('last_owner');
    expect(
      expectError(await callAs(a, team.owner, 'DELETE', member(team.byRole.reviewer.id)), 409).error,
    ).toBe('responsible_for_lists');
    const list = path(P.list, { organisationId: team.id, listId: team.listId });
    await callAs(a, team.byRole.editor, 'PATCH', list, { responsibleUserId: team.byRole.editor.id });
    expect((await callAs(a, team.owner, 'DELETE', member(team.byRole.reviewer.id))).statusCode).toBe(200);
    // A reader leaves by themselves.
    expect((await callAs(a, team.byRole.reader, 'DELETE', member(team.byRole.reader.id))).statusCode).toBe(
      200,
    );
    const promoted = await callAs(a, team.owner, 'PUT', member(team.byRole.editor.id), { role: 'owner' });
    expect(promoted.json().responseData.value.member).toMatchObject({ role: 'owner' });
  });
});
