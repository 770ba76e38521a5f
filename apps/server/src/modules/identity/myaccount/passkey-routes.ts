import {
  WEBAUTHN_MANAGE as MANAGE,
  myAccountPasskey,
  WEBAUTHN_PATHS as PATHS,
  passkeyParams,
  passkeyRegisterBody,
  passkeyRegistrationOptions,
  passkeyRenameBody,
  WEBAUTHN_READ as READ,
} from '@trackwell/contracts';
import { z } from 'zod';
import { type MyAccountApp, NO_CONTENT, noContent, myAccountSchema as schema, send } from './answers.ts';
import { callerOf as caller } from './caller.ts';
import {
  listPasskeys,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
} from './passkeys.ts';

/** The user's passkeys (scopes `okta.myAccount.webauthn.*`). */
export function registerPasskeyRoutes(app: MyAccountApp) {
  app.get(
    PATHS.passkeys,
    {
      config: { myAccount: { scopes: READ } },
      schema: schema('The passkeys', { response: { 200: z.array(myAccountPasskey) } }),
    },
    async (request, reply) => send(reply, 200, await listPasskeys(caller(request))),
  );
  app.post(
    PATHS.registration,
    {
      config: { myAccount: { scopes: MANAGE } },
      schema: schema('Options for registering a passkey (a single-use challenge)', {
        response: { 200: passkeyRegistrationOptions },
      }),
    },
    async (request, reply) => send(reply, 200, await registrationOptions(caller(request))),
  );
  app.post(
    PATHS.passkeys,
    {
      config: { myAccount: { scopes: MANAGE } },
      schema: schema('Register a passkey: the authenticator’s answer to the challenge', {
        body: passkeyRegisterBody,
        response: { 201: myAccountPasskey },
      }),
    },
    async (request, reply) => send(reply, 201, await registerPasskey(caller(request), request.body ?? {})),
  );
  app.put(
    PATHS.passkey,
    {
      config: { myAccount: { scopes: MANAGE } },
      schema: schema('Rename a passkey', {
        params: passkeyParams,
        body: passkeyRenameBody,
        response: { 200: myAccountPasskey },
      }),
    },
    async (request, reply) =>
      send(reply, 200, await renamePasskey(caller(request), request.params.id, request.body?.name)),
  );
  app.delete(
    PATHS.passkey,
    {
      config: { myAccount: { scopes: MANAGE } },
      schema: schema('Remove a passkey', { params: passkeyParams, response: { 204: NO_CONTENT } }),
    },
    async (request, reply) => {
      await removePasskey(caller(request), request.params.id);
      return noContent(reply);
    },
  );
}
