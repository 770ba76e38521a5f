import {
  acceptInvitationBody,
  invitationAcceptedAnswer,
  invitationAnswer,
  invitationLookupBody,
  invitationParams,
  invitationPreviewAnswer,
  invitationsAnswer,
  inviteMemberBody,
  ok,
  organisationParams,
  ORGANISATION_PATHS as P,
  removedAnswer,
} from '@trackwell/contracts';
import type { FastifyInstance } from 'fastify';
import { notificationSecrets } from '../../config/secret-rotation.ts';
import type { ApiApp } from '../../http/api-schemas.ts';
import { currentUser } from '../auth/plugin.ts';
import {
  acceptInvitation,
  type InvitationDeps,
  inviteMember,
  previewInvitation,
  withdrawInvitation,
} from './invitation-commands.ts';
import { presentInvitation } from './presenters.ts';
import { readInvitations } from './queries.ts';
import { errors, security, tags, writeErrors } from './schemas.ts';

const depsOf = (app: FastifyInstance): InvitationDeps => ({
  db: app.db,
  mailer: app.mailer,
  origin: (tenant) => app.publicUrls.origin(tenant),
  secrets: notificationSecrets(app.env),
});

/** An owner's invitations: the open ones, a new one (e-mailed), one withdrawn. */
export function registerInvitationRoutes(app: ApiApp) {
  app.get(
    P.invitations,
    {
      schema: {
        tags,
        security,
        summary: 'The open invitations (owners)',
        params: organisationParams,
        response: { 200: invitationsAnswer, ...errors },
      },
    },
    async (request) => {
      const rows = await readInvitations(app.db, currentUser(request), request.params.organisationId);
      return ok({ invitations: rows.map(presentInvitation) });
    },
  );
  app.post(
    P.invitations,
    {
      schema: {
        tags,
        security,
        summary: 'Invite an address with a role (owners; within the seat limit)',
        description:
          'E-mails a signed link, in the invitee’s language, to the portal’s accept page. Members plus open ' +
          'invitations never pass the seat limit: past it, 409 `seat_limit` and nothing is sent.',
        params: organisationParams,
        body: inviteMemberBody,
        response: { 200: invitationAnswer, ...writeErrors },
      },
    },
    async (request) => {
      const row = await inviteMember(
        depsOf(app),
        currentUser(request),
        request.params.organisationId,
        request.body,
      );
      return ok({ invitation: presentInvitation(row) });
    },
  );
  app.delete(
    P.invitation,
    {
      schema: {
        tags,
        security,
        summary: 'Withdraw an open invitation (owners)',
        params: invitationParams,
        response: { 200: removedAnswer, ...errors },
      },
    },
    async (request) => {
      const { organisationId, invitationId } = request.params;
      await withdrawInvitation(app.db, currentUser(request), organisationId, invitationId);
      return ok({ removed: true });
    },
  );
}

/**
 * The e-mailed link's two calls, without a bearer token (the link's signed token is the proof): what it
 * invites to, and accepting it. A token of another store, or of an invitation no longer open, is 404.
 */
export function registerInvitationLinkRoutes(app: ApiApp) {
  app.post(
    P.invitationLookup,
    {
      schema: {
        tags,
        summary: 'What an invitation link invites to',
        body: invitationLookupBody,
        response: { 200: invitationPreviewAnswer, 400: errors[400], 404: errors[404], 429: errors[429] },
      },
    },
    async (request) => {
      const tenant = await app.requireTenant(request);
      return ok({ invitation: await previewInvitation(depsOf(app), tenant, request.body.token) });
    },
  );
  app.post(
    P.invitationAccept,
    {
      schema: {
        tags,
        summary: 'Accept an invitation: join with the existing account, or make one (name and password)',
        body: acceptInvitationBody,
        response: {
          200: invitationAcceptedAnswer,
          400: errors[400],
          404: errors[404],
          409: writeErrors[409],
          429: errors[429],
        },
      },
    },
    async (request) => {
      const tenant = await app.requireTenant(request);
      return ok(await acceptInvitation(depsOf(app), tenant, request.body));
    },
  );
}
