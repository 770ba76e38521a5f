import type {
  ConsoleUserAction,
  ConsoleUserDetail,
  ConsoleUserList,
  ConsoleUserSummary,
  ConsoleUsersQuery,
  LifecycleOperation,
  OktaUser,
} from '@trackwell/contracts';
import {
  type AuditEntryInput,
  deleteIdentityFactors,
  listContentTrackings,
  listIdentityFactors,
  listSessionDevices,
  listUserNotifications,
  recordAuditEntry,
} from '@trackwell/db';
import { HttpError } from '../../http/errors.ts';
import { describeUserAgent } from '../identity/devices/user-agent.ts';
import { OktaApiError } from '../identity/okta-errors.ts';
import type { ProvisioningContext } from '../provisioning/context.ts';
import { deleteUser, runLifecycle } from '../provisioning/lifecycle.ts';
import { listUsers } from '../provisioning/list-users.ts';
import { presentUser } from '../provisioning/present-user.ts';
import { requireUser } from '../provisioning/users.ts';

/**
 * Issue 15 §3: a store's users in the console. Every rule is the Users API's (provisioning/): the search is
 * its list (`q` and `status eq`), the actions its lifecycle (lock = suspend, so sessions and tokens end as
 * they do on deactivate), the reset e-mail its reset link, delete its DELETE — here only once the user is
 * DEPROVISIONED (Okta's admin console asks for a deactivation first). Each action is audited (`user.lifecycle`
 * with the action, `user.delete`) once it has been done. Okta's refusals become the console's envelope.
 */

export interface UserAdminActor {
  id: string;
  login: string;
}

/** Runs a provisioning call; its Okta refusals (400 naming the cause, 404, 403) as the console's errors. */
async function asConsole<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof OktaApiError)) throw error;
    if (error.statusCode === 404) throw new HttpError(404, 'not_found', 'This store has no such user.');
    throw new HttpError(409, 'conflict', error.causes[0] ?? error.message);
  }
}

const summaryOf = (u: OktaUser): ConsoleUserSummary => ({
  id: u.id,
  login: u.profile.login,
  email: u.profile.email,
  firstName: u.profile.firstName,
  lastName: u.profile.lastName,
  status: u.status,
  created: u.created,
  lastLogin: u.lastLogin,
});

export async function searchStoreUsers(
  ctx: ProvisioningContext,
  query: ConsoleUsersQuery,
): Promise<ConsoleUserList> {
  const page = await asConsole(() =>
    listUsers(ctx, {
      ...(query.q ? { q: query.q } : {}),
      ...(query.status ? { filter: `status eq "${query.status}"` } : {}),
      ...(query.after ? { after: query.after } : {}),
      limit: query.limit,
    }),
  );
  const more = page.links.some((l) => l.endsWith('rel="next"'));
  return { users: page.users.map(summaryOf), nextAfter: more ? (page.users.at(-1)?.id ?? null) : null };
}

/** The console's actions its Users API lifecycle links allow (present-user.ts says which, by status). */
const LINK_ACTIONS: Record<string, ConsoleUserAction> = {
  suspend: 'lock',
  unsuspend: 'unlock',
  unlock: 'unlock',
  resetPassword: 'reset_password',
  deactivate: 'deactivate',
  activate: 'reactivate',
};
function actionsOf(user: OktaUser, factorCount: number): ConsoleUserDetail['actions'] {
  const actions = new Set<ConsoleUserDetail['actions'][number]>();
  for (const link of Object.keys(user._links)) {
    const action = LINK_ACTIONS[link];
    if (action) actions.add(action);
  }
  if (factorCount > 0 && user.status !== 'DEPROVISIONED') actions.add('reset_factors');
  if (user.status === 'DEPROVISIONED') actions.add('delete');
  return [...actions];
}

export async function readStoreUser(ctx: ProvisioningContext, userId: string): Promise<ConsoleUserDetail> {
  const { db, tenant } = ctx;
  const user = presentUser(await asConsole(() => requireUser(ctx, userId)), ctx.origin);
  const [factors, sessions, trackings, deliveries] = await Promise.all([
    listIdentityFactors(db, tenant.id, user.id),
    listSessionDevices(db, tenant.id, user.id),
    listContentTrackings(db, tenant.id, user.id, { pageIndex: 1, pageSize: 20 }),
    listUserNotifications(db, tenant.id, user.id, { limit: 10 }),
  ]);
  return {
    user: {
      ...summaryOf(user),
      locale: user.profile.locale ?? null,
      activated: user.activated,
      statusChanged: user.statusChanged,
      passwordChanged: user.passwordChanged,
    },
    actions: actionsOf(user, factors.length),
    factors: factors.map(({ id, factorType, provider, status }) => ({ id, factorType, provider, status })),
    sessions: sessions.map((s) => ({
      id: s.uid,
      ...describeUserAgent(s.userAgent),
      ipAddress: s.ipAddress,
      signedInAt: s.signedInAt.toISOString(),
      lastActiveAt: s.lastActiveAt.toISOString(),
    })),
    trackings: {
      count: trackings.totalElements,
      standards: trackings.rows.map((r) => ({
        designation: r.content.displayDesignation,
        title: r.content.contentTitle,
        createdAt: r.createdAt,
      })),
    },
    deliveries: deliveries.slice(0, 10).map((d) => ({
      id: d.id,
      kind: d.change.kind,
      designation: d.change.standard?.designation ?? d.change.workItem?.number ?? '',
      title: d.change.standard?.title ?? d.change.workItem?.title ?? '',
      createdAt: d.createdAt.toISOString(),
      readAt: d.readAt?.toISOString() ?? null,
    })),
  };
}

/** The console's actions that are a Users API lifecycle operation. */
const LIFECYCLE: Record<Exclude<ConsoleUserAction, 'reset_factors' | 'reactivate'>, LifecycleOperation> = {
  lock: 'suspend',
  unlock: 'unlock',
  reset_password: 'reset_password',
  deactivate: 'deactivate',
};

/** A locked user is SUSPENDED (the console's lock) or LOCKED_OUT (failed passwords): unlock undoes either. */
async function run(ctx: ProvisioningContext, userId: string, action: ConsoleUserAction, status: string) {
  if (action === 'reset_factors') return deleteIdentityFactors(ctx.db, ctx.tenant.id, userId);
  if (action === 'reactivate') return runLifecycle(ctx, userId, 'activate');
  if (action === 'unlock' && status === 'SUSPENDED') return runLifecycle(ctx, userId, 'unsuspend');
  return runLifecycle(ctx, userId, LIFECYCLE[action]);
}

const audit = (
  ctx: ProvisioningContext,
  actor: UserAdminActor,
  entry: Omit<AuditEntryInput, 'storeCode' | 'actor'>,
) =>
  recordAuditEntry(ctx.db, ctx.tenant.id, {
    storeCode: ctx.tenant.code,
    actor: { kind: 'user', id: actor.id, login: actor.login },
    ...entry,
  });

export async function actOnStoreUser(
  ctx: ProvisioningContext,
  actor: UserAdminActor,
  userId: string,
  action: ConsoleUserAction,
): Promise<ConsoleUserDetail> {
  const before = presentUser(await asConsole(() => requireUser(ctx, userId)), ctx.origin);
  await asConsole(() => run(ctx, userId, action, before.status));
  const after = await readStoreUser(ctx, userId);
  await audit(ctx, actor, {
    action: 'user.lifecycle',
    target: userId,
    before: { login: before.profile.login, status: before.status },
    after: { action, status: after.user.status },
  });
  return after;
}

/** Deletes a DEPROVISIONED user (409 otherwise: deactivate first); the audit entry keeps id and login only. */
export async function deleteStoreUser(ctx: ProvisioningContext, actor: UserAdminActor, userId: string) {
  const user = await asConsole(() => requireUser(ctx, userId));
  if (user.status !== 'DEPROVISIONED')
    throw new HttpError(409, 'conflict', 'Only a deactivated user can be deleted: deactivate it first.');
  await asConsole(() => deleteUser(ctx, userId));
  await audit(ctx, actor, {
    action: 'user.delete',
    target: userId,
    before: { login: user.login, status: user.status },
  });
}
