import {
  changeMemberRoleBody,
  createOrganisationBody,
  memberAnswer,
  memberParams,
  membersAnswer,
  ok,
  organisationAnswer,
  organisationParams,
  organisationsAnswer,
  ORGANISATION_PATHS as P,
  removedAnswer,
} from '@trackwell/contracts';
import { listMembers } from '@trackwell/db';
import type { ApiApp } from '../../http/api-schemas.ts';
import { currentUser } from '../auth/plugin.ts';
import { changeMemberRole, dropMember, startOrganisation } from './organisation-commands.ts';
import { presentMember, presentOrganisation } from './presenters.ts';
import { myOrganisations, readMembers, readOrganisation } from './queries.ts';
import { errors, security, tags, writeErrors } from './schemas.ts';

/** Organisations and their members: list mine, create one, read one; members listed, re-roled, removed. */
export function registerOrganisationRoutes(app: ApiApp) {
  app.get(
    P.organisations,
    {
      schema: {
        tags,
        security,
        summary: 'The organisations I belong to',
        response: { 200: organisationsAnswer, ...errors },
      },
    },
    async (request) => {
      const rows = await myOrganisations(app.db, currentUser(request));
      return ok({ organisations: rows.map((o) => presentOrganisation(o, o.role)) });
    },
  );
  app.post(
    P.organisations,
    {
      schema: {
        tags,
        security,
        summary: 'Create an organisation (I become its first owner)',
        body: createOrganisationBody,
        response: { 200: organisationAnswer, ...writeErrors },
      },
    },
    async (request) => {
      const row = await startOrganisation(app.db, currentUser(request), request.body);
      return ok({ organisation: presentOrganisation(row, 'owner') });
    },
  );
  app.get(
    P.organisation,
    {
      schema: {
        tags,
        security,
        summary: 'One of my organisations, with its seats',
        params: organisationParams,
        response: { 200: organisationAnswer, ...errors },
      },
    },
    async (request) => {
      const { organisation, role } = await readOrganisation(
        app.db,
        currentUser(request),
        request.params.organisationId,
      );
      return ok({ organisation: presentOrganisation(organisation, role) });
    },
  );
  registerMemberRoutes(app);
}

function registerMemberRoutes(app: ApiApp) {
  app.get(
    P.members,
    {
      schema: {
        tags,
        security,
        summary: 'The members and their roles',
        params: organisationParams,
        response: { 200: membersAnswer, ...errors },
      },
    },
    async (request) => {
      const rows = await readMembers(app.db, currentUser(request), request.params.organisationId);
      return ok({ members: rows.map(presentMember) });
    },
  );
  app.put(
    P.member,
    {
      schema: {
        tags,
        security,
        summary: 'Change a member’s role (owners)',
        params: memberParams,
        body: changeMemberRoleBody,
        response: { 200: memberAnswer, ...writeErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { organisationId, userId } = request.params;
      await changeMemberRole(app.db, user, organisationId, userId, request.body.role);
      const member = (await listMembers(app.db, user.tenantId, organisationId)).find(
        (m) => m.userId === userId,
      )!;
      return ok({ member: presentMember(member) });
    },
  );
  app.delete(
    P.member,
    {
      schema: {
        tags,
        security,
        summary: 'Remove a member (owners), or leave (any member, myself)',
        params: memberParams,
        response: { 200: removedAnswer, ...writeErrors },
      },
    },
    async (request) => {
      const { organisationId, userId } = request.params;
      await dropMember(app.db, currentUser(request), organisationId, userId);
      return ok({ removed: true });
    },
  );
}
