import {
  CONSOLE_IDENTITY_TEST_PATH,
  consoleIdentityTestAnswer,
  consoleIdentityTestBody,
  storeCodeParams,
} from '@trackwell/contracts';
import { testIdentityIssuer } from './identity-discovery.ts';
import { type ConsoleApp, consoleDocs, consoleErrors } from './schemas.ts';

/** POST …/identity/test: is this OpenID Connect issuer usable for the store? Reads only, writes nothing. */
export function registerIdentityTestRoutes(app: ConsoleApp) {
  app.post(
    CONSOLE_IDENTITY_TEST_PATH,
    {
      config: { consoleAction: 'store.update' },
      schema: {
        ...consoleDocs,
        summary: "Test an identity provider: fetch the issuer's OpenID Connect discovery document",
        description:
          'Fetches `<issuer>/.well-known/openid-configuration` (https only; public addresses only, checked ' +
          'after DNS resolution and at every redirect; 5 s; at most 1 MB) and answers `ok: true` with its ' +
          'endpoints when it is JSON naming this very issuer, otherwise `ok: false` with the reason. ' +
          'Nothing is saved.',
        params: storeCodeParams,
        body: consoleIdentityTestBody,
        response: { 200: consoleIdentityTestAnswer, ...consoleErrors },
      },
    },
    async (request) =>
      testIdentityIssuer(request.body.issuer, { allowPrivate: app.env.CONSOLE_OUTBOUND_ALLOW_PRIVATE }),
  );
}
