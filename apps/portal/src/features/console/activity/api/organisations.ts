import {
  type ConsoleOrganisationDetail,
  type ConsoleOrganisationSummary,
  ORGANISATION_PATHS as P,
} from '@trackwell/contracts';
import { api } from '../../../../lib/api.ts';
import { consolePath } from './paths.ts';

type OrganisationRef = { code: string; organisationId: string };

/** A store's organisations: the list with seats, one with its members, and its seat limit (audited). */
export const consoleOrganisationsApi = api
  .enhanceEndpoints({ addTagTypes: ['ConsoleOrganisations', 'ConsoleAudit'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listStoreOrganisations: build.query<ConsoleOrganisationSummary[], string>({
        query: (code) => ({ url: consolePath(P.consoleOrganisations, code) }),
        transformResponse: (body: { organisations: ConsoleOrganisationSummary[] }) => body.organisations,
        providesTags: ['ConsoleOrganisations'],
      }),
      getStoreOrganisation: build.query<ConsoleOrganisationDetail, OrganisationRef>({
        query: ({ code, organisationId }) => ({
          url: consolePath(P.consoleOrganisation, code, { organisationId }),
        }),
        transformResponse: (body: { organisation: ConsoleOrganisationDetail }) => body.organisation,
        providesTags: ['ConsoleOrganisations'],
      }),
      setSeatLimit: build.mutation<unknown, OrganisationRef & { seatLimit: number }>({
        query: ({ code, organisationId, seatLimit }) => ({
          url: consolePath(P.consoleSeatLimit, code, { organisationId }),
          method: 'PUT',
          body: { seatLimit },
        }),
        invalidatesTags: ['ConsoleOrganisations', 'ConsoleAudit'],
      }),
    }),
  });

export const { useListStoreOrganisationsQuery, useGetStoreOrganisationQuery, useSetSeatLimitMutation } =
  consoleOrganisationsApi;
