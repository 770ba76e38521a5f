import {
  AUTHN_PATHS,
  authnStateBody,
  enrollFactorBody,
  factorParams,
  passCodeBody,
  verifyFactorQuery,
} from '@trackwell/contracts';
import { activateFactor, enrollFactor, resendActivation } from './enrolment.ts';
import { resendFactor, verifyFactor } from './factor-verification.ts';
import { authnContextOf as ctx } from './request-context.ts';
import { type AuthnApp, sendAnswer as send, stepSchema } from './route-answers.ts';

/** The second factor: challenge, verify, resend, and enrolment at sign-in (Okta Authentication API: Factors). */
export function registerFactorRoutes(app: AuthnApp) {
  app.post(
    AUTHN_PATHS.verifyFactor,
    {
      schema: {
        ...stepSchema('Challenge a factor, verify its code, or poll a push', passCodeBody),
        params: factorParams,
        querystring: verifyFactorQuery,
      },
    },
    async (request, reply) => {
      const options = { rememberDevice: request.query.rememberDevice === 'true' };
      const result = await verifyFactor(ctx(request), request.params.factorId, request.body ?? {}, options);
      return send(request, reply, result);
    },
  );
  app.post(
    AUTHN_PATHS.resendFactor,
    { schema: { ...stepSchema('A new code or push', authnStateBody), params: factorParams } },
    async (request, reply) =>
      send(
        request,
        reply,
        await resendFactor(ctx(request), request.params.factorId, request.body?.stateToken),
      ),
  );
  app.post(
    AUTHN_PATHS.enrollFactor,
    { schema: stepSchema('MFA_ENROLL: enrol a factor', enrollFactorBody) },
    async (request, reply) => send(request, reply, await enrollFactor(ctx(request), request.body ?? {})),
  );
  app.post(
    AUTHN_PATHS.activateFactor,
    {
      schema: {
        ...stepSchema('MFA_ENROLL_ACTIVATE: activate with a code', passCodeBody),
        params: factorParams,
      },
    },
    async (request, reply) =>
      send(request, reply, await activateFactor(ctx(request), request.params.factorId, request.body ?? {})),
  );
  app.post(
    AUTHN_PATHS.resendActivation,
    {
      schema: {
        ...stepSchema('MFA_ENROLL_ACTIVATE: a new e-mailed code', authnStateBody),
        params: factorParams,
      },
    },
    async (request, reply) => {
      const result = await resendActivation(ctx(request), request.params.factorId, request.body?.stateToken);
      return send(request, reply, result);
    },
  );
}
