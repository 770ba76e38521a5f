import { type AccountExport, APPLICATION_CODES, MAX_PAGE_SIZE } from '@trackwell/contracts';
import {
  getNotificationPreferences,
  getSuccessorPreference,
  listContentTrackings,
  listIdentityEmails,
  listIdentityPhones,
  listSourceTrackings,
  listUserNotifications,
  listWebAuthnCredentials,
} from '@trackwell/db';
import type { MyAccountCaller } from '../myaccount/caller.ts';
import { listAccountSessions } from './sessions.ts';

/**
 * "Export my data": everything this store keeps about the caller, as one JSON document. Every
 * read is the repositories' own, by (tenant, user): nothing of another user or store can appear.
 */
export async function exportAccountData(c: MyAccountCaller): Promise<AccountExport> {
  const { db, tenant, user } = c;
  const [
    emails,
    phones,
    standards,
    sources,
    deliveries,
    sessions,
    passkeys,
    notificationPreferences,
    successor,
  ] = await Promise.all([
    listIdentityEmails(db, tenant.id, user.id),
    listIdentityPhones(db, tenant.id, user.id),
    allTrackedStandards(c),
    allTrackedSources(c),
    allDeliveries(c),
    listAccountSessions(c),
    listWebAuthnCredentials(db, tenant.id, user.id),
    getNotificationPreferences(db, tenant.id, user.id),
    getSuccessorPreference(db, tenant.id, user.id),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    store: tenant.code,
    profile: {
      id: user.id,
      login: user.login,
      firstName: user.firstName,
      lastName: user.lastName,
      locale: user.locale,
      status: user.status,
      createdAt: user.createdAt.toISOString(),
    },
    emails: emails.map((e) => ({
      id: e.id,
      value: e.email,
      primary: e.role === 'PRIMARY',
      verified: e.status === 'VERIFIED',
    })),
    phones: phones.map((p) => ({
      id: p.id,
      value: p.phoneNumber,
      primary: false,
      verified: p.status === 'VERIFIED',
    })),
    trackings: { standards, sources },
    deliveries,
    sessions,
    passkeys: passkeys.map((k) => ({
      id: k.id,
      name: k.name,
      createdAt: k.createdAt.toISOString(),
      lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    })),
    notificationPreferences,
    successorPreference: successor,
  };
}

async function allTrackedStandards({ db, tenant, user }: MyAccountCaller) {
  const rows: unknown[] = [];
  for (let pageIndex = 1; ; pageIndex += 1) {
    const page = await listContentTrackings(db, tenant.id, user.id, { pageIndex, pageSize: MAX_PAGE_SIZE });
    rows.push(...page.rows);
    if (page.rows.length < MAX_PAGE_SIZE) return rows;
  }
}

async function allTrackedSources({ db, tenant, user }: MyAccountCaller) {
  const entries = await Promise.all(
    APPLICATION_CODES.map(async (code) => [code, await listSourceTrackings(db, tenant.id, user.id, code)]),
  );
  return Object.fromEntries(entries);
}

/** The notifications sent to the user (one delivery per change), newest first. */
async function allDeliveries({ db, tenant, user }: MyAccountCaller): Promise<AccountExport['deliveries']> {
  const out: AccountExport['deliveries'] = [];
  const limit = 100;
  let before: string | undefined;
  for (;;) {
    const rows = await listUserNotifications(db, tenant.id, user.id, { before, limit });
    for (const r of rows.slice(0, limit))
      out.push({
        id: r.id,
        change: r.change,
        reasons: r.reasons,
        createdAt: r.createdAt.toISOString(),
        readAt: r.readAt?.toISOString() ?? null,
      });
    if (rows.length <= limit) return out;
    before = rows[limit - 1]?.id;
  }
}
