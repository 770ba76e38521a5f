import {
  challengeParams,
  emailAddBody,
  idParams,
  MYACCOUNT_MANAGE as MANAGE,
  myAccountEmail,
  myAccountEmailChallenge,
  myAccountPhone,
  myAccountPhoneChallenge,
  myAccountVerified,
  MYACCOUNT_PATHS as PATHS,
  phoneAddBody,
  phoneChallengeBody,
  presentPhoneChallenge,
  MYACCOUNT_READ as READ,
  verificationCodeBody,
} from '@trackwell/contracts';
import { z } from 'zod';
import { type MyAccountApp, NO_CONTENT, noContent, myAccountSchema as schema, send } from './answers.ts';
import { callerOf as caller } from './caller.ts';
import {
  addEmail,
  challengeEmail,
  deleteEmail,
  listEmails,
  readEmail,
  readEmailChallenge,
  verifyEmailChallenge,
} from './emails.ts';
import { addPhone, challengePhone, deletePhone, listPhones, readPhone, verifyPhone } from './phones.ts';

/** The user's e-mail addresses and phone numbers (Okta MyAccount API: Email, Phone). */
export function registerContactRoutes(app: MyAccountApp) {
  registerEmailRoutes(app);
  registerEmailChallengeRoutes(app);
  registerPhoneRoutes(app);
}

function registerEmailRoutes(app: MyAccountApp) {
  app.get(
    PATHS.emails,
    {
      config: { myAccount: { scopes: READ.email } },
      schema: schema('The e-mail addresses', { response: { 200: z.array(myAccountEmail) } }),
    },
    async (request, reply) => send(reply, 200, await listEmails(caller(request))),
  );
  app.get(
    PATHS.email,
    {
      config: { myAccount: { scopes: READ.email } },
      schema: schema('One e-mail address', { params: idParams, response: { 200: myAccountEmail } }),
    },
    async (request, reply) => send(reply, 200, await readEmail(caller(request), request.params.id)),
  );
  app.post(
    PATHS.emails,
    {
      config: { myAccount: { scopes: MANAGE.email } },
      schema: schema('Add an e-mail address (a code is sent to it)', {
        body: emailAddBody,
        response: { 201: myAccountEmail },
      }),
    },
    async (request, reply) => send(reply, 201, await addEmail(caller(request), request.body ?? {})),
  );
  app.delete(
    PATHS.email,
    {
      config: { myAccount: { scopes: MANAGE.email } },
      schema: schema('Remove an e-mail address (not the primary one)', {
        params: idParams,
        response: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      await deleteEmail(caller(request), request.params.id);
      return noContent(reply);
    },
  );
}

function registerEmailChallengeRoutes(app: MyAccountApp) {
  app.post(
    PATHS.emailChallenge,
    {
      config: { myAccount: { scopes: ['okta.myAccount.email.manage', 'okta.myAccount.email.read'] } },
      schema: schema('Send a new verification code to the address', {
        params: idParams,
        response: { 201: myAccountEmailChallenge },
      }),
    },
    async (request, reply) => send(reply, 201, await challengeEmail(caller(request), request.params.id)),
  );
  app.route({
    method: ['GET', 'POST'],
    url: PATHS.emailChallengeStatus,
    config: { myAccount: { scopes: READ.email } },
    schema: schema('The challenge’s status (the SDK polls it)', {
      params: challengeParams,
      response: { 200: myAccountEmailChallenge },
    }),
    handler: async (request, reply) =>
      send(reply, 200, await readEmailChallenge(caller(request), request.params.id, request.params.cid)),
  });
  app.post(
    PATHS.emailChallengeVerify,
    {
      config: { myAccount: { scopes: MANAGE.email } },
      schema: schema('Verify the address with its code', {
        params: challengeParams,
        body: verificationCodeBody,
        response: { 200: myAccountVerified },
      }),
    },
    async (request, reply) => {
      const { id, cid } = request.params;
      await verifyEmailChallenge(caller(request), id, cid, request.body?.verificationCode);
      return send(reply, 200, {}); // `{}`, never an empty JSON body (the SDK parses it)
    },
  );
}

function registerPhoneRoutes(app: MyAccountApp) {
  app.get(
    PATHS.phones,
    {
      config: { myAccount: { scopes: READ.phone } },
      schema: schema('The phone numbers', { response: { 200: z.array(myAccountPhone) } }),
    },
    async (request, reply) => send(reply, 200, await listPhones(caller(request))),
  );
  app.get(
    PATHS.phone,
    {
      config: { myAccount: { scopes: READ.phone } },
      schema: schema('One phone number', { params: idParams, response: { 200: myAccountPhone } }),
    },
    async (request, reply) => send(reply, 200, await readPhone(caller(request), request.params.id)),
  );
  app.post(
    PATHS.phones,
    {
      config: { myAccount: { scopes: MANAGE.phone } },
      schema: schema('Add a phone number (a code is sent to it)', {
        body: phoneAddBody,
        response: { 201: myAccountPhone },
      }),
    },
    async (request, reply) => send(reply, 201, await addPhone(caller(request), request.body ?? {})),
  );
  app.delete(
    PATHS.phone,
    {
      config: { myAccount: { scopes: MANAGE.phone } },
      schema: schema('Remove a phone number', { params: idParams, response: { 204: NO_CONTENT } }),
    },
    async (request, reply) => {
      await deletePhone(caller(request), request.params.id);
      return noContent(reply);
    },
  );
  app.post(
    PATHS.phoneChallenge,
    {
      config: { myAccount: { scopes: MANAGE.phone } },
      schema: schema('Send a new code to the number', {
        params: idParams,
        body: phoneChallengeBody,
        response: { 200: myAccountPhoneChallenge },
      }),
    },
    async (request, reply) => {
      const c = caller(request);
      const phone = await challengePhone(c, request.params.id, request.body?.method);
      return send(reply, 200, presentPhoneChallenge(c.base, phone.id));
    },
  );
  app.post(
    PATHS.phoneVerify,
    {
      config: { myAccount: { scopes: MANAGE.phone } },
      schema: schema('Verify the number with its code', {
        params: idParams,
        body: verificationCodeBody,
        response: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      await verifyPhone(caller(request), request.params.id, request.body?.verificationCode);
      return noContent(reply);
    },
  );
}
