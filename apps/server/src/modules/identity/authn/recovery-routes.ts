import {
  AUTHN_PATHS,
  recoveryAnswerBody,
  recoveryChallengeTransaction,
  recoveryTokenBody,
  resetPasswordBody,
  startRecoveryBody,
} from '@trackwell/contracts';
import { resetPassword } from './password-reset.ts';
import { startRecovery, verifyRecoveryToken } from './recovery.ts';
import { answerRecoveryQuestion } from './recovery-question.ts';
import { authnContextOf as ctx } from './request-context.ts';
import { type AuthnApp, sendAnswer as send, stepSchema } from './route-answers.ts';

/** Forgotten password and locked account (Okta Authentication API: Recovery Operations). */
export function registerRecoveryRoutes(app: AuthnApp) {
  const challenge = recoveryChallengeTransaction;
  app.post(
    AUTHN_PATHS.recoverPassword,
    { schema: stepSchema('Forgot password: e-mail a reset link', startRecoveryBody, challenge) },
    async (request, reply) =>
      send(request, reply, await startRecovery(ctx(request), 'PASSWORD', request.body ?? {})),
  );
  app.post(
    AUTHN_PATHS.unlockAccount,
    { schema: stepSchema('Locked out: e-mail an unlock link', startRecoveryBody, challenge) },
    async (request, reply) =>
      send(request, reply, await startRecovery(ctx(request), 'UNLOCK', request.body ?? {})),
  );
  app.post(
    AUTHN_PATHS.recoveryToken,
    { schema: stepSchema('The e-mailed link’s recovery token', recoveryTokenBody) },
    async (request, reply) =>
      send(request, reply, await verifyRecoveryToken(ctx(request), request.body ?? {})),
  );
  app.post(
    AUTHN_PATHS.recoveryAnswer,
    { schema: stepSchema('RECOVERY: the answer to the recovery question', recoveryAnswerBody) },
    async (request, reply) =>
      send(request, reply, await answerRecoveryQuestion(ctx(request), request.body ?? {})),
  );
  app.post(
    AUTHN_PATHS.resetPassword,
    { schema: stepSchema('PASSWORD_RESET: a new password, then sign-in', resetPasswordBody) },
    async (request, reply) => send(request, reply, await resetPassword(ctx(request), request.body ?? {})),
  );
}
