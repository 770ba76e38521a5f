import { findIdentityKeyState, rotateIdentityKeys } from '@trackwell/db';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { decodeProtectedHeader } from 'jose';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/config/env.ts';
import {
  KEY_SCHEDULE_EVERY_SECONDS,
  keyScheduleJob,
  registerKeySchedule,
  runKeySchedule,
} from '../../src/modules/identity/key-rotation-job.ts';
import { keyRotationPolicy } from '../../src/modules/identity/oidc/key-schedule.ts';
import { newIdentityKeys } from '../../src/modules/identity/oidc/keys.ts';
import type { JobQueue } from '../../src/modules/jobs/queue.ts';
import { createEmbeddedUser, embeddedTokens } from '../support/embedded-signin.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import { eventually } from '../support/notifications-fixtures.ts';

/**
 * The schedule's job on a real store, with a clock of the test's own: after IDP_KEY_ROTATION_DAYS a next key
 * is published (listed in the JWKS, not signing), promoted after the publish-ahead delay (it signs; the old
 * key still verifies), and the old key retired once its tokens and sessions have expired. Each step taken by
 * two workers at once happens, and is audited, once; tokens signed before any step keep working until the
 * retirement.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const policy = keyRotationPolicy({ IDP_KEY_ROTATION_DAYS: 90, IDP_KEY_PUBLISH_AHEAD_SECONDS: 600 });
const DAY_MS = 86_400_000;

async function signedInStore() {
  const def = buildTenantDefinition();
  const { tenant, host } = await t.createTenant({ code: def.code, config: def.config });
  const user = await createEmbeddedUser(t.app, tenant.id);
  const clientId = tenant.config['client-id'];
  const tokens = () => embeddedTokens(t.app, host, clientId, user.login);
  const jwks = async () =>
    (
      (await t.app.inject({ url: '/oauth2/default/v1/keys', headers: { host } })).json() as {
        keys: Array<{ kid: string }>;
      }
    ).keys.map((k) => k.kid);
  const profile = async (token: string) =>
    (
      await t.app.inject({
        url: '/idp/myaccount/profile',
        headers: { host, authorization: `Bearer ${token}`, accept: 'application/json' },
      })
    ).statusCode;
  return { tenant, tokens, jwks, profile };
}

const auditOf = async (tenantId: string) =>
  (
    await t.app.db.query<{ action: string; actor_login: string; target: string }>(
      `SELECT action, actor_login, target FROM console_audit_log
        WHERE tenant_id = $1 AND action LIKE 'identity_keys.%' ORDER BY id`,
      [tenantId],
    )
  ).rows;

describe('the identity keys’ schedule', () => {
  it('publishes before signing, promotes at its time, retires after the lives; each step once', async () => {
    const s = await signedInStore();
    const before = await s.tokens();
    const oldKid = decodeProtectedHeader(before.access_token).kid!;
    const start = (await findIdentityKeyState(t.app.db, s.tenant.id))!.current.signsSince.getTime();

    // Not yet due: nothing happens (to this store; the schedule serves every store of the database).
    const mine = (taken: Array<{ code: string; steps: string[] }>[]) =>
      taken.flat().filter((r) => r.code === s.tenant.code);
    expect(mine([await runKeySchedule(t.app.db, policy, new Date(start + 89 * DAY_MS))])).toEqual([]);

    // Due: two workers at once publish one next key.
    const publishAt = new Date(start + 90 * DAY_MS);
    const [one, two] = await Promise.all([
      runKeySchedule(t.app.db, policy, publishAt),
      runKeySchedule(t.app.db, policy, publishAt),
    ]);
    expect(mine([one, two])).toEqual([{ code: s.tenant.code, steps: ['publish'] }]);
    const published = (await findIdentityKeyState(t.app.db, s.tenant.id))!;
    const nextKid = published.next!.kid;
    expect(published.next!.signsAt).toEqual(new Date(publishAt.getTime() + 600_000));
    await eventually(async () => expect(await s.jwks()).toEqual([oldKid, nextKid]));
    // Published, not signing: a sign-in now still gets tokens of the current key.
    const during = await s.tokens();
    expect(decodeProtectedHeader(during.access_token).kid).toBe(oldKid);
    expect(decodeProtectedHeader(during.id_token).kid).toBe(oldKid);

    // Promotion only at its time, once.
    expect(mine([await runKeySchedule(t.app.db, policy, new Date(publishAt.getTime() + 599_000))])).toEqual(
      [],
    );
    const promoteAt = new Date(publishAt.getTime() + 600_000);
    const promoted = await Promise.all([
      runKeySchedule(t.app.db, policy, promoteAt),
      runKeySchedule(t.app.db, policy, promoteAt),
    ]);
    expect(mine(promoted)).toEqual([{ code: s.tenant.code, steps: ['promote'] }]);
    await eventually(async () => expect(await s.jwks()).toEqual([nextKid, oldKid]));
    const after = await s.tokens();
    expect(decodeProtectedHeader(after.access_token).kid).toBe(nextKid);
    expect(decodeProtectedHeader(after.id_token).kid).toBe(nextKid);
    for (const token of [before.access_token, during.access_token, after.access_token])
      expect(await s.profile(token)).toBe(200);
    const kept = (await findIdentityKeyState(t.app.db, s.tenant.id))!;
    expect(kept.previous).toEqual({
      kid: oldKid,
      publishedAt: expect.any(Date),
      retiresAt: new Date(promoteAt.getTime() + 7_500_000),
    });

    // Retirement after the tokens' and sessions' lives (and the clock skew), once.
    expect(mine([await runKeySchedule(t.app.db, policy, new Date(promoteAt.getTime() + 7_499_000))])).toEqual(
      [],
    );
    const retireAt = new Date(promoteAt.getTime() + 7_500_000);
    const retired = await Promise.all([
      runKeySchedule(t.app.db, policy, retireAt),
      runKeySchedule(t.app.db, policy, retireAt),
    ]);
    expect(mine(retired)).toEqual([{ code: s.tenant.code, steps: ['retire'] }]);
    await eventually(async () => expect(await s.jwks()).toEqual([nextKid]));
    expect(await s.profile(before.access_token)).toBe(401);
    expect(await s.profile(after.access_token)).toBe(200);

    const schedule = 'identity key schedule';
    expect(await auditOf(s.tenant.id)).toEqual([
      { action: 'identity_keys.publish', actor_login: schedule, target: nextKid },
      { action: 'identity_keys.promote', actor_login: schedule, target: nextKid },
      { action: 'identity_keys.retire', actor_login: schedule, target: oldKid },
    ]);
    // The next rotation is due a rotation period after the promotion.
    const { current } = (await findIdentityKeyState(t.app.db, s.tenant.id))!;
    expect(current).toMatchObject({ kid: nextKid, signsSince: promoteAt });
  });

  it('off (IDP_KEY_ROTATION_DAYS=0): publishes nothing, but still promotes and retires what was started', async () => {
    const s = await signedInStore();
    await s.tokens();
    const off = { ...policy, rotationDays: 0 };
    const far = new Date(Date.now() + 3650 * DAY_MS);
    expect((await runKeySchedule(t.app.db, off, far)).filter((r) => r.code === s.tenant.code)).toEqual([]);
    expect((await findIdentityKeyState(t.app.db, s.tenant.id))!.next).toBeNull();
  });

  it('a next key published while an earlier previous key is kept signs only once that one has retired', async () => {
    const s = await signedInStore();
    await s.tokens();
    const now = new Date();
    const retiresAt = new Date(now.getTime() + 3_600_000);
    await t.app.db.transaction(async (tx) =>
      rotateIdentityKeys(tx, s.tenant.id, await newIdentityKeys(), { now, retiresAt }),
    );
    const { startKeyRotation } = await import('../../src/modules/identity/oidc/key-rotation.ts');
    const actor = { kind: 'user' as const, id: 'u', login: 'admin@example.test' };
    expect(await startKeyRotation(t.app.db, s.tenant, actor, policy, now)).toBe('published');
    const state = (await findIdentityKeyState(t.app.db, s.tenant.id))!;
    expect(state.next!.signsAt).toEqual(retiresAt); // later than now + 600 s
    expect(await startKeyRotation(t.app.db, s.tenant, actor, policy, now)).toBe('under_way');
  });

  it('the job runs the schedule at the real time; the sweep queues one job per slot', async () => {
    const s = await signedInStore();
    await s.tokens();
    const past = new Date(Date.now() - 60_000);
    await t.app.db.transaction(async (tx) =>
      rotateIdentityKeys(tx, s.tenant.id, await newIdentityKeys(), { now: past, retiresAt: past }),
    );
    const env = parseEnv({});
    await keyScheduleJob.handle({ db: t.app.db, env, boss: {} as PgBoss })(
      {},
      0,
      new AbortController().signal,
    );
    expect((await findIdentityKeyState(t.app.db, s.tenant.id))!.previous).toBeNull();
    expect((await auditOf(s.tenant.id)).map((e) => e.action)).toEqual(['identity_keys.retire']);

    const registered: string[] = [];
    const sent: unknown[] = [];
    let sweep: (() => Promise<void>) | undefined;
    registerKeySchedule({
      register: (definition: { name: string }) => registered.push(definition.name),
      addSweepStep: (step: () => Promise<void>) => {
        sweep = step;
      },
      send: async (_definition: unknown, payload: unknown, options: unknown) => {
        sent.push({ payload, options });
      },
    } as unknown as JobQueue);
    expect(registered).toEqual(['identity-key-schedule']);
    await sweep!();
    expect(sent).toEqual([
      {
        payload: {},
        options: { singletonKey: 'identity-keys', singletonSeconds: KEY_SCHEDULE_EVERY_SECONDS },
      },
    ]);
  });
});
