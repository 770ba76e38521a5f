import {
  consoleOrganisationAnswer,
  consoleOrganisationParams,
  consoleOrganisationsAnswer,
  consoleSeatLimitBody,
  ORGANISATION_PATHS as P,
  storeCodeParams,
} from '@trackwell/contracts';
import { consoleCaller, consoleStore } from './caller.ts';
import { changeSeatLimit, storeOrganisation, storeOrganisations } from './organisation-commands.ts';
import { type ConsoleApp, consoleDocs, consoleErrors } from './schemas.ts';

/**
 * A store's organisations in the console: the list with seats, one with its members, and its seat limit.
 * Store administrators of the store and operators (the users' actions: `users.read`, `users.manage`).
 */
export function registerOrganisationRoutes(app: ConsoleApp) {
  app.get(
    P.consoleOrganisations,
    {
      config: { consoleAction: 'users.read' },
      schema: {
        ...consoleDocs,
        summary: "The store's organisations: seats used of the limit, members, open invitations, lists",
        params: storeCodeParams,
        response: { 200: consoleOrganisationsAnswer, ...consoleErrors },
      },
    },
    async (request) => storeOrganisations(app.db, consoleStore(request)),
  );
  app.get(
    P.consoleOrganisation,
    {
      config: { consoleAction: 'users.read' },
      schema: {
        ...consoleDocs,
        summary: 'One organisation with its members and their roles',
        params: consoleOrganisationParams,
        response: { 200: consoleOrganisationAnswer, ...consoleErrors },
      },
    },
    async (request) => storeOrganisation(app.db, consoleStore(request), request.params.organisationId),
  );
  app.put(
    P.consoleSeatLimit,
    {
      config: { consoleAction: 'users.manage' },
      schema: {
        ...consoleDocs,
        summary: 'Set an organisation’s seat limit',
        description:
          'Members plus open invitations may not pass it. A limit below the seats in use removes no one; it ' +
          'stops new invitations and acceptances until seats are free.',
        params: consoleOrganisationParams,
        body: consoleSeatLimitBody,
        response: { 200: consoleOrganisationAnswer, ...consoleErrors },
      },
    },
    async (request) =>
      changeSeatLimit(
        app.db,
        consoleCaller(request),
        consoleStore(request),
        request.params.organisationId,
        request.body.seatLimit,
      ),
  );
}
