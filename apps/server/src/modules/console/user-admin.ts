import {
  type ConsoleUserAction,
  type ConsoleUserDetail,
  type ConsoleUserList,
  type ConsoleUserOperation,
  type ConsoleUserSummary,
  type ConsoleUsersQuery,
  consoleUserActionsFor,
  type LifecycleOperation,
  type OktaUser,
} from '@trackwell/contracts';
import {
  type AuditEntryInput,
  deleteIdentityFactors,
  findProvisionedUser,
  listContentTrackings,
  listIdentityFactors,
  listSessionDevices,
  listSourceTrackings,
  listUserNotifications,
  type ProvisionedUser,
  recordAuditEntry,
  type SqlExecutor,
} from '@trackwell/db';
import { HttpError } from '../../http/errors.ts';
import { describeUserAgent } from '../identity/devices/user-agent.ts';
import { OktaApiError } from '../identity/okta-errors.ts';
import type { ProvisioningContext } from '../provisioning/context.ts';
import { deleteStep, lifecycleStep, lockUser } from '../provisioning/lifecycle.ts';
import { listUsers } from '../provisioning/list-users.ts';
import { oktaStatusOf, presentUser } from '../provisioning/present-user.ts';
import { requireUser } from '../provisioning/users.ts';
import { refuseUnlessAllowed } from './user-action-rule.ts';

/**
 * A store's users in the console. Every rule is the Users API's (provisioning/): the search is
 * its list (`q` and `status eq`), the actions its lifecycle (lock = suspend, so sessions and tokens end as
 * they do on deactivate), the reset e-mail its reset link, delete its DELETE — here only once the user is
 * DEPROVISIONED (Okta's admin console asks for a deactivation first). Which action a status allows, and what an
 * administrator may not do to their own account, is one rule of the contracts (consoleUserActionsFor): the
 * detail offers those, an action outside them is refused (409). Each action is audited (`user.lifecycle` with
 * the action, `user.delete`) in the same transaction as the change: both commit or neither does. Okta's
 * refusals become the console's envelope.
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

export async function readStoreUser(
  ctx: ProvisioningContext,
  actor: UserAdminActor,
  userId: string,
): Promise<ConsoleUserDetail> {
  const { db, tenant } = ctx;
  const user = presentUser(await asConsole(() => requireUser(ctx, userId)), ctx.origin);
  const [factors, sessions, trackings, sources, deliveries] = await Promise.all([
    listIdentityFactors(db, tenant.id, user.id),
    listSessionDevices(db, tenant.id, user.id),
    listContentTrackings(db, tenant.id, user.id, { pageIndex: 1, pageSize: 20 }),
    listSourceTrackings(db, tenant.id, user.id),
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
    actions: consoleUserActionsFor(user.status, {
      hasFactors: factors.length > 0,
      self: actor.id === user.id,
    }),
    self: actor.id === user.id,
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
      committees: sources.COMMITTEE,
      industryAreas: sources.INDUSTRYAREA,
      publishers: sources.PUBLISHERS,
      workItems: sources.WORKITEM.includes('true'),
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

/** The console's actions that are one Users API lifecycle operation. */
const LIFECYCLE: Record<Exclude<ConsoleUserAction, 'reset_factors'>, LifecycleOperation> = {
  activate: 'activate',
  resend_activation: 'reactivate',
  lock: 'suspend',
  unlock: 'unlock',
  reset_password: 'reset_password',
  deactivate: 'deactivate',
  reactivate: 'activate',
};

const audit = (
  tx: SqlExecutor,
  ctx: ProvisioningContext,
  actor: UserAdminActor,
  entry: Omit<AuditEntryInput, 'storeCode' | 'actor'>,
) =>
  recordAuditEntry(tx, ctx.tenant.id, {
    storeCode: ctx.tenant.code,
    actor: { kind: 'user', id: actor.id, login: actor.login },
    ...entry,
  });

/**
 * The user, locked in `tx` (provisioning's `lockUser`: a second action on the same user waits for this one),
 * once the contracts' rule allows `operation` on them by `actor` (409 otherwise, nothing changed).
 */
async function allowedUser(
  tx: SqlExecutor,
  ctx: ProvisioningContext,
  actor: UserAdminActor,
  userId: string,
  operation: ConsoleUserOperation,
) {
  const user = await lockUser(tx, ctx, userId);
  const factors = await listIdentityFactors(tx, ctx.tenant.id, user.id);
  refuseUnlessAllowed(oktaStatusOf(user), operation, {
    hasFactors: factors.length > 0,
    self: actor.id === user.id,
  });
  return user;
}

/** `action`'s writes on the locked user; what runs after commit. Unlock undoes a lock (SUSPENDED) or failed passwords (LOCKED_OUT). */
async function actionStep(
  tx: SqlExecutor,
  ctx: ProvisioningContext,
  user: ProvisionedUser,
  action: ConsoleUserAction,
) {
  if (action === 'reset_factors') {
    await deleteIdentityFactors(tx, ctx.tenant.id, user.id);
    return async () => undefined;
  }
  const operation = action === 'unlock' && user.status === 'SUSPENDED' ? 'unsuspend' : LIFECYCLE[action];
  return lifecycleStep(tx, ctx, user, operation);
}

/** Checks the action against the user's status and the actor (409 otherwise), then does it, audited. */
export async function actOnStoreUser(
  ctx: ProvisioningContext,
  actor: UserAdminActor,
  userId: string,
  action: ConsoleUserAction,
): Promise<ConsoleUserDetail> {
  const { id, afterCommit } = await asConsole(() =>
    ctx.db.transaction(async (tx) => {
      const before = await allowedUser(tx, ctx, actor, userId, action);
      const status = oktaStatusOf(before);
      const after = await actionStep(tx, ctx, before, action);
      const now = await findProvisionedUser(tx, ctx.tenant.id, before.id);
      await audit(tx, ctx, actor, {
        action: 'user.lifecycle',
        target: before.id,
        before: { login: before.login, status },
        after: { action, status: now ? oktaStatusOf(now) : status },
      });
      return { id: before.id, afterCommit: after };
    }),
  );
  await asConsole(afterCommit);
  return readStoreUser(ctx, actor, id);
}

/** Deletes a DEPROVISIONED user (409 otherwise: deactivate first); the audit entry keeps id and login only. */
export async function deleteStoreUser(ctx: ProvisioningContext, actor: UserAdminActor, userId: string) {
  const then = await asConsole(() =>
    ctx.db.transaction(async (tx) => {
      const user = await allowedUser(tx, ctx, actor, userId, 'delete');
      const after = await deleteStep(tx, ctx, user);
      await audit(tx, ctx, actor, {
        action: 'user.delete',
        target: user.id,
        before: { login: user.login, status: user.status },
      });
      return after;
    }),
  );
  await then();
}
