import type { IdentityKeyState } from '@trackwell/db';
import { SIGNED_LIFETIME_SECONDS } from './settings.ts';

/**
 * When a store's identity keys move through a rotation, framework-free and clock-free (the caller says what
 * time it is): a next key is published `publishAheadSeconds` before it signs (relying parties' JWKS caches
 * learn it first), then promoted to current; the key it replaces stays published as previous until every
 * token and session it signed has expired (`retireAfterSeconds`), then is retired; and a key that has signed
 * for `rotationDays` gets a successor published (0: never on its own).
 */

export interface KeyRotationPolicy {
  rotationDays: number;
  publishAheadSeconds: number;
  retireAfterSeconds: number;
}

/** The clock skew relying parties allow on `exp` (okta-auth-js's maxClockSkew default). */
export const CLOCK_SKEW_SECONDS = 300;

export function keyRotationPolicy(env: {
  IDP_KEY_ROTATION_DAYS: number;
  IDP_KEY_PUBLISH_AHEAD_SECONDS: number;
}): KeyRotationPolicy {
  return {
    rotationDays: env.IDP_KEY_ROTATION_DAYS,
    publishAheadSeconds: env.IDP_KEY_PUBLISH_AHEAD_SECONDS,
    retireAfterSeconds: SIGNED_LIFETIME_SECONDS + CLOCK_SKEW_SECONDS,
  };
}

export type KeyStep = 'retire' | 'promote' | 'publish';

const later = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);
const DAY_SECONDS = 86_400;

/** When the schedule publishes the current key's successor (null: never on its own). */
export function rotationDueAt(state: IdentityKeyState, policy: KeyRotationPolicy): Date | null {
  if (policy.rotationDays <= 0) return null;
  return later(state.current.signsSince, policy.rotationDays * DAY_SECONDS);
}

/**
 * The steps due at `now`, in the order they are taken: retire a previous key whose time has come (which
 * frees its place), promote a next key whose time has come (only once no previous key is still kept), and
 * publish a successor for a current key that has signed long enough (only while no next key waits).
 */
export function dueKeySteps(state: IdentityKeyState, policy: KeyRotationPolicy, now: Date): KeyStep[] {
  const steps: KeyStep[] = [];
  let previousKept = state.previous !== null;
  if (state.previous?.retiresAt && state.previous.retiresAt <= now) {
    steps.push('retire');
    previousKept = false;
  }
  let nextWaits = state.next !== null;
  let signsSince = state.current.signsSince;
  if (state.next && state.next.signsAt <= now && !previousKept) {
    steps.push('promote');
    nextWaits = false;
    signsSince = now;
  }
  const due = rotationDueAt({ ...state, current: { ...state.current, signsSince } }, policy);
  if (!nextWaits && due && due <= now) steps.push('publish');
  return steps;
}

/** A new key published now signs from then (the store's repository delays it past a previous key's retiring). */
export const signsAtFor = (policy: KeyRotationPolicy, now: Date) => later(now, policy.publishAheadSeconds);

/** A key replaced now retires then. */
export const retiresAtFor = (policy: KeyRotationPolicy, now: Date) => later(now, policy.retireAfterSeconds);
