import {
  CONSOLE_IDENTITY_KEY_ROTATION_PATH,
  CONSOLE_IDENTITY_KEYS_PATH,
  consoleIdentityKeys,
  errorEnvelope,
  storeCodeParams,
} from '@trackwell/contracts';
import { findIdentityKeyState } from '@trackwell/db';
import { keyRotationPolicy } from '../identity/oidc/key-schedule.ts';
import { consoleCaller, consoleStore } from './caller.ts';
import { identityKeysAnswer, rotateStoreIdentityKeys } from './identity-key-commands.ts';
import { type ConsoleApp, consoleDocs, consoleErrors } from './schemas.ts';

const rotationConflict = errorEnvelope.meta({
  description:
    '`rotation_under_way`: a new key is already published and waits to sign; `no_identity_keys`: the ' +
    'store’s embedded identity provider has not signed anything yet. Nothing was written.',
});

/**
 * A store's identity signing keys: their states (GET, store.read) and starting a rotation (POST, store.update):
 * the new key is published in the JWKS now and signs after IDP_KEY_PUBLISH_AHEAD_SECONDS; the key it replaces
 * verifies until its tokens and sessions have expired; the schedule's job takes both steps.
 */
export function registerIdentityKeyRoutes(app: ConsoleApp) {
  const policy = keyRotationPolicy(app.env);
  app.get(
    CONSOLE_IDENTITY_KEYS_PATH,
    {
      config: { consoleAction: 'store.read' },
      schema: {
        ...consoleDocs,
        summary: 'The store’s identity signing keys: next, current and previous, with their times',
        params: storeCodeParams,
        response: { 200: consoleIdentityKeys, ...consoleErrors },
      },
    },
    async (request) =>
      identityKeysAnswer(await findIdentityKeyState(app.db, consoleStore(request).id), policy),
  );

  app.post(
    CONSOLE_IDENTITY_KEY_ROTATION_PATH,
    {
      config: { consoleAction: 'store.update' },
      schema: {
        ...consoleDocs,
        summary: 'Rotate the store’s identity signing key: a new key is published now and signs later',
        params: storeCodeParams,
        response: { 201: consoleIdentityKeys, ...consoleErrors, 409: rotationConflict },
      },
    },
    async (request, reply) => {
      const { user } = consoleCaller(request);
      const answer = await rotateStoreIdentityKeys(app.db, consoleStore(request), user, policy, new Date());
      return reply.code(201).send(answer);
    },
  );
}
