import {
  addRecipientBody,
  LIST_RECIPIENTS_MAX,
  listParams,
  ok,
  ORGANISATION_EVIDENCE_PATHS as P,
  recipientParams,
  recipientsAnswer,
} from '@trackwell/contracts';
import type { ApiApp } from '../../http/api-schemas.ts';
import { currentUser } from '../auth/plugin.ts';
import { addRecipient, presentRecipient, readRecipients, removeRecipient } from './recipient-commands.ts';
import { errors, security, tags, writeErrors } from './schemas.ts';

/** A list's outside recipients: members read them; owners and editors add and remove addresses. */
export function registerRecipientRoutes(app: ApiApp) {
  const answer = async (user: ReturnType<typeof currentUser>, organisationId: string, listId: string) => {
    const rows = await readRecipients(app.db, user, organisationId, listId);
    return ok({ recipients: rows.map(presentRecipient), limit: LIST_RECIPIENTS_MAX });
  };
  app.get(
    P.recipients,
    {
      schema: {
        tags,
        security,
        summary: 'A list’s outside recipients, the unsubscribed ones too',
        params: listParams,
        response: { 200: recipientsAnswer, ...errors },
      },
    },
    async (request) => answer(currentUser(request), request.params.organisationId, request.params.listId),
  );
  app.post(
    P.recipients,
    {
      schema: {
        tags,
        security,
        summary: 'Add an outside address to a list’s e-mails (owners, editors)',
        description:
          `At most ${LIST_RECIPIENTS_MAX} subscribed addresses per list, each once (409 recipient_limit, ` +
          'recipient_taken); an address that unsubscribed cannot be added again (409 recipient_unsubscribed). ' +
          'It gets one e-mail per change to a standard on the list, in the store’s language, with a one-click ' +
          'unsubscribe.',
        params: listParams,
        body: addRecipientBody,
        response: { 200: recipientsAnswer, ...writeErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { organisationId, listId } = request.params;
      await addRecipient(app.db, user, { organisationId, listId }, request.body);
      return answer(user, organisationId, listId);
    },
  );
  app.delete(
    P.recipient,
    {
      schema: {
        tags,
        security,
        summary: 'Remove an outside address from a list (owners, editors)',
        params: recipientParams,
        response: { 200: recipientsAnswer, ...writeErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await removeRecipient(app.db, user, request.params);
      return answer(user, request.params.organisationId, request.params.listId);
    },
  );
}
