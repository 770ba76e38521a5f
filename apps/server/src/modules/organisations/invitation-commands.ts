import {
  type AcceptInvitationBody,
  type InvitationAccepted,
  type InvitationPreview,
  type InviteMemberBody,
  LANGUAGE_QUERY_PARAM,
  ORGANISATION_ACCEPT_PAGE,
  passwordProblem,
  personLanguage,
} from '@trackwell/contracts';
import {
  createIdentityUser,
  createInvitation,
  type DatabaseHandle,
  findIdentityUserByLogin,
  findMemberRole,
  findStoreInvitation,
  hashPassword,
  lockOrganisation,
  markInvitationAccepted,
  putMember,
  recordAuditEntry,
  revokeInvitation,
  type Tenant,
} from '@trackwell/db';
import { renderOrganisationInviteMail } from '@trackwell/email';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { noSuchOrganisation, requireMember } from './access.ts';
import { signInvitationToken, verifyInvitationToken } from './invitation-token.ts';
import { auditOf, type Caller, conflict } from './organisation-commands.ts';

/*
 * Invitations by e-mail, framework-free. An owner invites an address with a role; the e-mail (in the
 * invitee's language) carries a signed link to the portal's accept page. Seats: members plus open
 * invitations never pass the organisation's limit, checked with its row locked. Accepting makes the account
 * (a name and a password) or lets the existing one join; the invitation closes once.
 */

/** How long an invitation's link is valid. */
export const INVITATION_TTL_SECONDS = 14 * 24 * 60 * 60;

export interface InvitationDeps {
  db: DatabaseHandle;
  mailer: Pick<Mailer, 'send'>;
  origin: (tenant: Tenant) => string;
  /** The current signing secret first, then the previous ones a rotation still accepts. */
  secrets: readonly string[];
}

export const seatsFull = (limit: number) =>
  conflict(
    'seat_limit',
    `The organisation uses all of its ${limit} seats (members and open invitations): nothing was sent. ` +
      'Revoke an invitation, remove a member, or ask the store for more seats.',
  );

export async function inviteMember(
  deps: InvitationDeps,
  caller: Caller & { tenant: Tenant },
  organisationId: string,
  body: InviteMemberBody,
) {
  const email = body.email.trim().toLowerCase();
  const { invitation, organisation, invitee } = await deps.db.transaction(async (tx) => {
    await requireMember(tx, caller, organisationId, 'manageMembers');
    const organisation = (await lockOrganisation(tx, caller.tenantId, organisationId))!;
    const invitee = await findIdentityUserByLogin(tx, caller.tenantId, email);
    if (invitee && (await findMemberRole(tx, caller.tenantId, organisationId, invitee.id)))
      throw conflict('already_member', `${email} is a member of the organisation already: nothing was sent.`);
    if (organisation.seatsUsed >= organisation.seatLimit) throw seatsFull(organisation.seatLimit);
    const invitation = await createInvitation(tx, caller.tenantId, {
      organisationId,
      email,
      role: body.role,
      invitedBy: caller.id,
      ttlSeconds: INVITATION_TTL_SECONDS,
    });
    if (!invitation)
      throw conflict(
        'already_invited',
        `${email} has an open invitation already: revoke it to invite again.`,
      );
    await recordAuditEntry(tx, caller.tenantId, {
      ...auditOf(caller),
      action: 'organisation.invite',
      target: email,
      before: null,
      after: { organisationId, role: body.role },
    });
    return { invitation, organisation, invitee };
  });
  const store = caller.tenant;
  const language = personLanguage({ stored: invitee?.locale ?? null, store: store.config.ui });
  const link = new URL(`${deps.origin(store)}${ORGANISATION_ACCEPT_PAGE}`);
  link.searchParams.set(
    'token',
    signInvitationToken(deps.secrets[0]!, store.id, invitation.id, invitation.expiresAt),
  );
  link.searchParams.set(LANGUAGE_QUERY_PARAM, language);
  const mail = renderOrganisationInviteMail(language, {
    tenantName: store.config.tenantName,
    organisation: organisation.name,
    inviter: caller.login,
    role: body.role,
    link: link.href,
  });
  await deps.mailer.send({ to: email, ...mail });
  return invitation;
}

export function withdrawInvitation(db: DatabaseHandle, caller: Caller, organisationId: string, id: string) {
  return db.transaction(async (tx) => {
    await requireMember(tx, caller, organisationId, 'manageMembers');
    if (!(await revokeInvitation(tx, caller.tenantId, organisationId, id)))
      throw notFound('The organisation has no such open invitation: nothing was changed.');
    await recordAuditEntry(tx, caller.tenantId, {
      ...auditOf(caller),
      action: 'organisation.invite',
      target: id,
      before: { organisationId, open: true },
      after: { organisationId, open: false },
    });
  });
}

const linkNotValid = () =>
  notFound('This invitation link is not valid any more (used, withdrawn or expired): ask for a new one.');

/** The open invitation a link's token names, in this store; 404 otherwise. */
async function openInvitation(deps: Pick<InvitationDeps, 'db' | 'secrets'>, tenant: Tenant, token: string) {
  const id = verifyInvitationToken(deps.secrets, tenant.id, token);
  const invitation = id && (await findStoreInvitation(deps.db, tenant.id, id));
  const open =
    invitation && !invitation.acceptedAt && !invitation.revokedAt && invitation.expiresAt > new Date();
  if (!invitation || !open) throw linkNotValid();
  return invitation;
}

/** What the accept page shows before the person accepts (whose, which role, and whether to make an account). */
export async function previewInvitation(
  deps: Pick<InvitationDeps, 'db' | 'secrets'>,
  tenant: Tenant,
  token: string,
): Promise<InvitationPreview> {
  const invitation = await openInvitation(deps, tenant, token);
  const account = await findIdentityUserByLogin(deps.db, tenant.id, invitation.email);
  return {
    organisationName: invitation.organisationName,
    email: invitation.email,
    role: invitation.role,
    hasAccount: account !== undefined,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

export async function acceptInvitation(
  deps: Pick<InvitationDeps, 'db' | 'secrets'>,
  tenant: Tenant,
  body: AcceptInvitationBody,
): Promise<InvitationAccepted> {
  const found = await openInvitation(deps, tenant, body.token);
  const existing = await findIdentityUserByLogin(deps.db, tenant.id, found.email);
  const passwordHash = existing ? null : await newAccountPassword(found.email, body);
  return deps.db.transaction(async (tx) => {
    const organisation = await lockOrganisation(tx, tenant.id, found.organisationId);
    if (!organisation) throw noSuchOrganisation();
    const user =
      (await findIdentityUserByLogin(tx, tenant.id, found.email)) ??
      (passwordHash === null
        ? undefined
        : await createIdentityUser(tx, tenant.id, {
            login: found.email,
            firstName: body.firstName!,
            lastName: body.lastName!,
            passwordHash,
            locale: personLanguage({ store: tenant.config.ui }),
          }));
    if (!user)
      throw conflict(
        'account_changed',
        'The account of this address changed meanwhile: open the link again.',
      );
    const member = await findMemberRole(tx, tenant.id, found.organisationId, user.id);
    // The invitation held a seat; the store may have lowered the limit since.
    if (!member && organisation.members >= organisation.seatLimit)
      throw seatsFullOnAccept(organisation.seatLimit);
    if (!(await markInvitationAccepted(tx, tenant.id, found.id, user.id))) throw linkNotValid();
    if (!member) await putMember(tx, tenant.id, found.organisationId, user.id, found.role);
    await recordAuditEntry(tx, tenant.id, {
      storeCode: tenant.code,
      actor: { kind: 'user', id: user.id, login: user.login },
      action: 'organisation.join',
      target: user.login,
      before: null,
      after: { organisationId: found.organisationId, role: member ?? found.role, accountCreated: !existing },
    });
    return { organisationId: found.organisationId, login: user.login, accountCreated: !existing };
  });
}

const seatsFullOnAccept = (limit: number) =>
  conflict(
    'seat_limit',
    `The organisation uses all of its ${limit} seats now: ask its owner to free one. Nothing was changed.`,
  );

/** A new account's name and password, checked by the store's password rule. */
async function newAccountPassword(login: string, body: AcceptInvitationBody) {
  const missing = (['firstName', 'lastName', 'password'] as const).filter((k) => !body[k]);
  if (missing.length > 0)
    throw badRequest(
      'This address has no account yet: give a first name, a last name and a password to make one.',
      missing.map((path) => ({ path, message: 'is required for a new account' })),
    );
  const problem = passwordProblem(body.password, login);
  if (problem)
    throw badRequest(`The password is refused: ${problem}`, [{ path: 'password', message: problem }]);
  return hashPassword(body.password!);
}
