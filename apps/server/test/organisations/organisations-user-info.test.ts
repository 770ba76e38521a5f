import { USER_INFO_PATH, userInfo } from '@trackwell/contracts';
import { createOrganisation, putMember } from '@trackwell/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedAccessToken } from '../support/embedded-signin.ts';
import { type IdpHarness, startIdp } from '../support/identity-harness.ts';

/**
 * The spec's "subscriber company" rule stays for users without an organisation: the user info of the
 * embedded provider says whether the user belongs to one of the store's organisations, and the portal signs
 * a "subscriber company" user out only when they do not (apps/portal routes.test.tsx).
 */

let h: IdpHarness;
beforeAll(async () => {
  h = await startIdp();
}, 60_000);
afterAll(() => h.close());

const me = async (login: string) => {
  const token = await embeddedAccessToken(h.t.app, `127.0.0.1:${h.port}`, h.clientId(), login);
  const res = await fetch(`${h.origin()}${USER_INFO_PATH}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return userInfo.parse(await res.json());
};

describe('user info: organisation membership', { timeout: 60_000 }, () => {
  it('says false for a user in no organisation and true once they join one', async () => {
    const user = await h.createUser({ userType: 'subscriber company' });
    expect(await me(user.login)).toMatchObject({ userType: 'subscriber company', organisationMember: false });
    const tenantId = h.tenantId();
    const organisation = await h.t.app.db.transaction((tx) =>
      createOrganisation(tx, tenantId, { name: 'Subscriber Co', description: '' }),
    );
    await putMember(h.t.app.db, tenantId, organisation!.id, user.id, 'reader');
    expect(await me(user.login)).toMatchObject({ organisationMember: true });
  });
});
