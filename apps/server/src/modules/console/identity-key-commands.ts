import type { ConsoleIdentityKey, ConsoleIdentityKeys } from '@trackwell/contracts';
import { type DatabaseHandle, findIdentityKeyState, type IdentityKeyState } from '@trackwell/db';
import { HttpError } from '../../http/errors.ts';
import { startKeyRotation } from '../identity/oidc/key-rotation.ts';
import { type KeyRotationPolicy, rotationDueAt } from '../identity/oidc/key-schedule.ts';

/** Who runs a command: the console user. */
type Actor = { id: string; login: string };

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/** A store's keys as the console shows them: next, current, previous (never key material). */
export function identityKeysAnswer(
  state: IdentityKeyState | undefined,
  policy: KeyRotationPolicy,
): ConsoleIdentityKeys {
  const keys: ConsoleIdentityKey[] = [];
  if (state?.next) {
    const { kid, publishedAt, signsAt } = state.next;
    keys.push({
      kid,
      state: 'next',
      publishedAt: iso(publishedAt),
      signsFrom: iso(signsAt),
      retiresAt: null,
    });
  }
  if (state) {
    const { kid, publishedAt, signsSince } = state.current;
    keys.push({
      kid,
      state: 'current',
      publishedAt: iso(publishedAt),
      signsFrom: iso(signsSince),
      retiresAt: null,
    });
  }
  if (state?.previous) {
    const { kid, publishedAt, retiresAt } = state.previous;
    keys.push({
      kid,
      state: 'previous',
      publishedAt: iso(publishedAt),
      signsFrom: null,
      retiresAt: iso(retiresAt),
    });
  }
  return {
    keys,
    rotationDays: policy.rotationDays,
    publishAheadSeconds: policy.publishAheadSeconds,
    nextRotationAt: state && !state.next ? iso(rotationDueAt(state, policy)) : null,
  };
}

/**
 * Starts a rotation of the store's identity keys (POST …/identity-keys/rotation): a next key is published now
 * and signs after the publish-ahead delay; audited as identity_keys.publish in the same transaction. 409 when
 * the store has no keys yet (its identity provider never ran) or a rotation is already under way.
 */
export async function rotateStoreIdentityKeys(
  db: DatabaseHandle,
  store: { id: string; code: string },
  actor: Actor,
  policy: KeyRotationPolicy,
  now: Date,
): Promise<ConsoleIdentityKeys> {
  const outcome = await startKeyRotation(
    db,
    store,
    { kind: 'user', id: actor.id, login: actor.login },
    policy,
    now,
  );
  if (outcome === 'no_keys')
    throw new HttpError(
      409,
      'no_identity_keys',
      'This store’s embedded identity provider has not signed anything yet: there is no key to rotate.',
    );
  if (outcome === 'under_way')
    throw new HttpError(409, 'rotation_under_way', 'A new key is already published and waits to sign.');
  return identityKeysAnswer(await findIdentityKeyState(db, store.id), policy);
}
