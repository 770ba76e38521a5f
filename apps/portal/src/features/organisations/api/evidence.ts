import {
  type EvidenceFormat,
  type Language,
  type ListRecipient,
  ORGANISATION_EVIDENCE_PATHS as P,
} from '@trackwell/contracts';
import { api, type Envelope, envelopeValue } from '../../../lib/api.ts';

/**
 * A list's evidence report (a file to download) and its outside recipients (read, add, remove), over the
 * organisations API with the signed-in user's token.
 */

const fill = (template: string, ids: Record<string, string>) =>
  template.replace(/:(\w+)/g, (_m, key: string) => encodeURIComponent(ids[key] ?? ''));

type ListRef = { organisationId: string; listId: string };
export type EvidenceFile = { url: string; fileName: string };
export type RecipientsValue = { recipients: ListRecipient[]; limit: number };

const FILE_NAME = /filename="([^"]+)"/;
const recipients = (body: Envelope<RecipientsValue>) => envelopeValue(body, { recipients: [], limit: 0 });

export const evidenceApi = api.enhanceEndpoints({ addTagTypes: ['OrganisationRecipients'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The report as an object URL (the caller downloads it, then revokes the URL). */
    evidenceReport: build.mutation<
      EvidenceFile,
      ListRef & { from: string; to: string; format: EvidenceFormat; lang?: Language | undefined }
    >({
      query: ({ organisationId, listId, ...params }) => ({
        url: fill(P.evidence, { organisationId, listId }),
        params,
        responseHandler: async (response) => {
          if (!response.ok) return response.json().catch(() => null);
          const disposition = response.headers.get('content-disposition') ?? '';
          const fileName = FILE_NAME.exec(disposition)?.[1] ?? `evidence.${params.format}`;
          return { url: URL.createObjectURL(await response.blob()), fileName };
        },
      }),
    }),
    listRecipients: build.query<RecipientsValue, ListRef>({
      query: (ids) => ({ url: fill(P.recipients, ids) }),
      transformResponse: recipients,
      providesTags: ['OrganisationRecipients'],
    }),
    addRecipient: build.mutation<RecipientsValue, ListRef & { email: string }>({
      query: ({ email, ...ids }) => ({ url: fill(P.recipients, ids), method: 'POST', body: { email } }),
      transformResponse: recipients,
      invalidatesTags: ['OrganisationRecipients'],
    }),
    removeRecipient: build.mutation<RecipientsValue, ListRef & { recipientId: string }>({
      query: (ids) => ({ url: fill(P.recipient, ids), method: 'DELETE' }),
      transformResponse: recipients,
      invalidatesTags: ['OrganisationRecipients'],
    }),
  }),
});

export const {
  useEvidenceReportMutation,
  useListRecipientsQuery,
  useAddRecipientMutation,
  useRemoveRecipientMutation,
} = evidenceApi;
