import {
  accountExport,
  accountSessionParams,
  accountSessions,
  MYACCOUNT_MANAGE as MANAGE,
  ACCOUNT_DATA_PATHS as PATHS,
  MYACCOUNT_READ as READ,
  signedOutSessions,
} from '@trackwell/contracts';
import { deleteAccount } from '../devices/delete-account.ts';
import { exportAccountData } from '../devices/export-data.ts';
import { listAccountSessions, signOutOtherSessions, signOutSession } from '../devices/sessions.ts';
import { type MyAccountApp, NO_CONTENT, noContent, myAccountSchema as schema, send } from './answers.ts';
import { callerOf as caller } from './caller.ts';

/**
 * Trackwell's additions to the MyAccount API (Okta has none of these): the signed-in devices
 * and signing them out, export my data, delete my account (step-up: a recent sign-in). Same token, scopes
 * (the profile's), error bodies and OpenAPI tag as Okta's own operations beside them.
 */
export function registerAccountDataRoutes(app: MyAccountApp) {
  app.get(
    PATHS.sessions,
    {
      config: { myAccount: { scopes: READ.profile } },
      schema: schema('The signed-in devices (sessions); `current` is this one', {
        response: { 200: accountSessions },
      }),
    },
    async (request, reply) => send(reply, 200, { sessions: await listAccountSessions(caller(request)) }),
  );
  app.delete(
    PATHS.sessions,
    {
      config: { myAccount: { scopes: MANAGE.profile } },
      schema: schema('Sign out everywhere else: end every session but this one', {
        response: { 200: signedOutSessions },
      }),
    },
    async (request, reply) => send(reply, 200, await signOutOtherSessions(caller(request))),
  );
  app.delete(
    PATHS.session,
    {
      config: { myAccount: { scopes: MANAGE.profile } },
      schema: schema('Sign out one other session (its tokens stop working)', {
        params: accountSessionParams,
        response: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      await signOutSession(caller(request), request.params.id);
      return noContent(reply);
    },
  );
  app.get(
    PATHS.export,
    {
      config: { myAccount: { scopes: READ.profile } },
      schema: schema(
        'Export my data: profile, e-mails, phones, trackings, deliveries, sessions, preferences',
        {
          response: { 200: accountExport },
        },
      ),
    },
    async (request, reply) => {
      const body = await exportAccountData(caller(request));
      const day = body.exportedAt.slice(0, 10);
      reply.header('content-disposition', `attachment; filename="account-data-${day}.json"`);
      return send(reply, 200, body);
    },
  );
  app.delete(
    PATHS.account,
    {
      config: { myAccount: { scopes: MANAGE.profile, stepUp: true } },
      schema: schema('Delete my account and its data (needs a sign-in of the last minutes)', {
        response: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      await deleteAccount(caller(request));
      return noContent(reply);
    },
  );
}
