import {
  type AuditEntryInput,
  type DatabaseHandle,
  findIdentityKeyState,
  promoteNextIdentityKeys,
  publishNextIdentityKeys,
  recordAuditEntry,
  retirePreviousIdentityKeys,
  rotateIdentityKeys,
} from '@trackwell/db';
import {
  dueKeySteps,
  type KeyRotationPolicy,
  type KeyStep,
  retiresAtFor,
  signsAtFor,
} from './key-schedule.ts';
import { newIdentityKeys } from './keys.ts';

/**
 * A store's identity-key rotation as its actors take it (the console, `npm run identity:keys`, the
 * schedule's job): each step in a transaction of its own with its audit entry, written only when the step
 * changed something, so the same step taken twice, or by two processes at once, is recorded once.
 */

export type KeyRotationActor = AuditEntryInput['actor'];
type Store = { id: string; code: string };

/** Who the schedule's steps are recorded as. */
export const SCHEDULE_ACTOR: KeyRotationActor = {
  kind: 'system',
  id: 'schedule',
  login: 'identity key schedule',
};

/**
 * Starts a rotation now: a next key is published and signs after the publish-ahead delay. `no_keys`: the
 * store's identity provider never ran (it makes its first keys then); `under_way`: a next key already waits.
 */
export async function startKeyRotation(
  db: DatabaseHandle,
  store: Store,
  actor: KeyRotationActor,
  policy: KeyRotationPolicy,
  now: Date,
): Promise<'published' | 'under_way' | 'no_keys'> {
  const fresh = await newIdentityKeys();
  return db.transaction(async (tx) => {
    const before = await findIdentityKeyState(tx, store.id);
    if (!before) return 'no_keys';
    if (!(await publishNextIdentityKeys(tx, store.id, fresh, { now, signsAt: signsAtFor(policy, now) })))
      return 'under_way';
    const after = await findIdentityKeyState(tx, store.id);
    await recordAuditEntry(tx, store.id, {
      storeCode: store.code,
      actor,
      action: 'identity_keys.publish',
      target: fresh.kid,
      after: { kid: fresh.kid, signsAt: after?.next?.signsAt.toISOString() },
    });
    return 'published';
  });
}

/** Takes the steps due at `now` (key-schedule.ts); the ones that changed something. */
export async function advanceKeyRotation(
  db: DatabaseHandle,
  store: Store,
  policy: KeyRotationPolicy,
  now: Date,
  actor: KeyRotationActor = SCHEDULE_ACTOR,
): Promise<KeyStep[]> {
  const state = await findIdentityKeyState(db, store.id);
  if (!state) return [];
  const taken: KeyStep[] = [];
  for (const step of dueKeySteps(state, policy, now)) {
    const changed =
      step === 'publish'
        ? (await startKeyRotation(db, store, actor, policy, now)) === 'published'
        : await takeStep(db, store, step, actor, { now, retiresAt: retiresAtFor(policy, now) });
    if (changed) taken.push(step);
  }
  return taken;
}

/** Retires the previous key at once (an operator's `--retire-previous`), audited. */
export async function retirePreviousKeyNow(db: DatabaseHandle, store: Store, actor: KeyRotationActor) {
  return db.transaction(async (tx) => {
    const before = await findIdentityKeyState(tx, store.id);
    if (!before?.previous || !(await retirePreviousIdentityKeys(tx, store.id))) return false;
    await recordAuditEntry(tx, store.id, {
      storeCode: store.code,
      actor,
      action: 'identity_keys.retire',
      target: before.previous.kid,
      before: { kid: before.previous.kid },
    });
    return true;
  });
}

async function takeStep(
  db: DatabaseHandle,
  store: Store,
  step: 'retire' | 'promote',
  actor: KeyRotationActor,
  at: { now: Date; retiresAt: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await findIdentityKeyState(tx, store.id);
    const changed =
      step === 'retire'
        ? await retirePreviousIdentityKeys(tx, store.id, at.now)
        : await promoteNextIdentityKeys(tx, store.id, at);
    if (!changed || !before) return false;
    const entry =
      step === 'retire'
        ? { target: before.previous?.kid, before: { kid: before.previous?.kid } }
        : {
            target: before.next?.kid,
            before: { kid: before.current.kid },
            after: { kid: before.next?.kid, previousRetiresAt: at.retiresAt.toISOString() },
          };
    await recordAuditEntry(tx, store.id, {
      storeCode: store.code,
      actor,
      action: `identity_keys.${step}`,
      ...entry,
    });
    return true;
  });
}

/**
 * The new key signs at once, for an operator who cannot wait (a key thought exposed): relying parties that
 * cached the JWKS refetch it on the unknown kid. The replaced key verifies until the signed lifetime is over.
 * False when the store has no keys, or a published next key waits.
 */
export async function rotateKeyNow(
  db: DatabaseHandle,
  store: Store,
  actor: KeyRotationActor,
  policy: KeyRotationPolicy,
  now: Date,
): Promise<boolean> {
  const fresh = await newIdentityKeys();
  const retiresAt = retiresAtFor(policy, now);
  return db.transaction(async (tx) => {
    const before = await findIdentityKeyState(tx, store.id);
    if (!before || !(await rotateIdentityKeys(tx, store.id, fresh, { now, retiresAt }))) return false;
    await recordAuditEntry(tx, store.id, {
      storeCode: store.code,
      actor,
      action: 'identity_keys.promote',
      target: fresh.kid,
      before: { kid: before.current.kid },
      after: { kid: fresh.kid, previousRetiresAt: retiresAt.toISOString() },
    });
    return true;
  });
}
