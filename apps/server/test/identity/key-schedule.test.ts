import type { IdentityKeyState } from '@trackwell/db';
import { describe, expect, it } from 'vitest';
import {
  dueKeySteps,
  keyRotationPolicy,
  retiresAtFor,
  rotationDueAt,
  signsAtFor,
} from '../../src/modules/identity/oidc/key-schedule.ts';

/**
 * The rotation's state machine with a clock of the test's own: next → current → previous, each step at its
 * time (publish ahead of signing, retire once what the key signed has expired, publish again after the
 * rotation period), never two rotations overlapping.
 */
const T0 = new Date('2026-01-01T00:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const DAY = 86_400;
const policy = keyRotationPolicy({ IDP_KEY_ROTATION_DAYS: 90, IDP_KEY_PUBLISH_AHEAD_SECONDS: 600 });

const current = (signsSince = T0): IdentityKeyState['current'] => ({
  kid: 'k1',
  publishedAt: signsSince,
  signsSince,
});

describe('the identity key schedule', () => {
  it('keeps a previous key for the tokens’ and sessions’ lives plus the clock skew', () => {
    expect(policy).toEqual({ rotationDays: 90, publishAheadSeconds: 600, retireAfterSeconds: 7200 + 300 });
    expect(signsAtFor(policy, T0)).toEqual(at(600));
    expect(retiresAtFor(policy, T0)).toEqual(at(7500));
  });

  it('publishes a successor once the current key has signed for the rotation period, not before', () => {
    const state: IdentityKeyState = { current: current(), next: null, previous: null };
    expect(rotationDueAt(state, policy)).toEqual(at(90 * DAY));
    expect(dueKeySteps(state, policy, at(90 * DAY - 1))).toEqual([]);
    expect(dueKeySteps(state, policy, at(90 * DAY))).toEqual(['publish']);
  });

  it('never publishes on its own when the rotation period is 0', () => {
    const off = { ...policy, rotationDays: 0 };
    const state: IdentityKeyState = { current: current(), next: null, previous: null };
    expect(rotationDueAt(state, off)).toBeNull();
    expect(dueKeySteps(state, off, at(10_000 * DAY))).toEqual([]);
  });

  it('promotes a next key at its time only, and publishes nothing while it waits', () => {
    const state: IdentityKeyState = {
      current: current(),
      next: { kid: 'k2', publishedAt: at(100 * DAY), signsAt: at(100 * DAY + 600) },
      previous: null,
    };
    expect(dueKeySteps(state, policy, at(100 * DAY + 599))).toEqual([]);
    expect(dueKeySteps(state, policy, at(100 * DAY + 600))).toEqual(['promote']);
  });

  it('retires a previous key at its time, not before; one with no time waits for an operator', () => {
    const state: IdentityKeyState = {
      current: current(),
      next: null,
      previous: { kid: 'k0', publishedAt: null, retiresAt: at(7500) },
    };
    expect(dueKeySteps(state, policy, at(7499))).toEqual([]);
    expect(dueKeySteps(state, policy, at(7500))).toEqual(['retire']);
    const manual = { ...state, previous: { kid: 'k0', publishedAt: null, retiresAt: null } };
    expect(dueKeySteps(manual, policy, at(365 * DAY))).toEqual(['publish']);
  });

  it('does not promote while an earlier previous key is still kept; retires it first, then promotes', () => {
    const state: IdentityKeyState = {
      current: current(),
      next: { kid: 'k2', publishedAt: at(0), signsAt: at(600) },
      previous: { kid: 'k0', publishedAt: null, retiresAt: at(3000) },
    };
    expect(dueKeySteps(state, policy, at(1000))).toEqual([]);
    expect(dueKeySteps(state, policy, at(3000))).toEqual(['retire', 'promote']);
    const manual = { ...state, previous: { kid: 'k0', publishedAt: null, retiresAt: null } };
    expect(dueKeySteps(manual, policy, at(3000))).toEqual([]);
  });

  it('a whole rotation, step by step: publish, promote after the publish-ahead delay, retire after the lives', () => {
    let state: IdentityKeyState = { current: current(), next: null, previous: null };
    const publishAt = at(90 * DAY);
    expect(dueKeySteps(state, policy, publishAt)).toEqual(['publish']);
    state = { ...state, next: { kid: 'k2', publishedAt: publishAt, signsAt: signsAtFor(policy, publishAt) } };
    expect(dueKeySteps(state, policy, at(90 * DAY + 1))).toEqual([]);
    const promoteAt = at(90 * DAY + 600);
    expect(dueKeySteps(state, policy, promoteAt)).toEqual(['promote']);
    state = {
      current: { kid: 'k2', publishedAt: publishAt, signsSince: promoteAt },
      next: null,
      previous: { kid: 'k1', publishedAt: T0, retiresAt: retiresAtFor(policy, promoteAt) },
    };
    expect(dueKeySteps(state, policy, at(90 * DAY + 600 + 7499))).toEqual([]);
    expect(dueKeySteps(state, policy, at(90 * DAY + 600 + 7500))).toEqual(['retire']);
    expect(rotationDueAt(state, policy)).toEqual(at(180 * DAY + 600));
  });
});
