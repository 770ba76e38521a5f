import { type DatabaseHandle, findTenantById, listStoresWithIdentityKeyStepsDue } from '@trackwell/db';
import { z } from 'zod';
import type { JobDefinition } from '../jobs/definition.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { advanceKeyRotation } from './oidc/key-rotation.ts';
import { type KeyRotationPolicy, keyRotationPolicy } from './oidc/key-schedule.ts';

/** How often the schedule looks for due steps: a slot of this many seconds runs one job. */
export const KEY_SCHEDULE_EVERY_SECONDS = 60;
const POLLING_INTERVAL_SECONDS = 5;

/**
 * Every store's identity-key steps due now (oidc/key-schedule.ts): publish a successor for a key that has
 * signed IDP_KEY_ROTATION_DAYS, promote a next key whose time has come, retire a previous key whose tokens
 * have all expired. Each step is a conditional update audited once (oidc/key-rotation.ts), so two workers
 * running at once change and record each step once. `now` is the clock's (tests give their own).
 */
export async function runKeySchedule(
  db: DatabaseHandle,
  policy: KeyRotationPolicy,
  now: Date,
): Promise<Array<{ code: string; steps: string[] }>> {
  const rotateSignedBefore =
    policy.rotationDays > 0 ? new Date(now.getTime() - policy.rotationDays * 86_400_000) : null;
  const taken: Array<{ code: string; steps: string[] }> = [];
  for (const id of await listStoresWithIdentityKeyStepsDue(db, now, rotateSignedBefore)) {
    const store = await findTenantById(db, id);
    if (!store) continue;
    const steps = await advanceKeyRotation(db, store, policy, now);
    if (steps.length > 0) taken.push({ code: store.code, steps });
  }
  return taken;
}

export const keyScheduleJob: JobDefinition<Record<string, never>> = {
  name: 'identity-key-schedule',
  version: 1,
  payload: z.object({}).strict(),
  policy: () => ({ retryLimit: 2, retryDelay: 60, expireInSeconds: 300 }),
  handle:
    ({ db, env }) =>
    async () => {
      await runKeySchedule(db, keyRotationPolicy(env), new Date());
    },
};

/** The schedule's job, worked by this process, and queued by the sweep once per slot across every worker. */
export function registerKeySchedule(jobs: JobQueue): void {
  jobs.register(keyScheduleJob, { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS }, {});
  jobs.addSweepStep(async () => {
    await jobs.send(
      keyScheduleJob,
      {},
      { singletonKey: 'identity-keys', singletonSeconds: KEY_SCHEDULE_EVERY_SECONDS },
    );
  });
}
