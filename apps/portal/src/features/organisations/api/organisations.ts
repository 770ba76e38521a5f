import {
  type AcceptInvitationBody,
  type InvitationAccepted,
  type InvitationPreview,
  type OrganisationInvitation,
  type OrganisationList,
  type OrganisationListDetail,
  type OrganisationMember,
  type OrganisationRole,
  type OrganisationSummary,
  ORGANISATION_PATHS as P,
} from '@trackwell/contracts';
import { api, type Envelope, envelopeValue } from '../../../lib/api.ts';

/**
 * The organisations API (same origin, the signed-in user's token): my organisations, one with its members,
 * invitations and lists; and the invitation link's two calls (no token: the link's own). Each answer is the
 * tracker-style envelope; its value is what the screens get.
 */

const fill = (template: string, ids: Record<string, string>) =>
  template.replace(/:(\w+)/g, (_m, key: string) => encodeURIComponent(ids[key] ?? ''));
const value =
  <T, K extends string>(key: K, empty: T) =>
  (body: Envelope<Record<K, T>>) =>
    envelopeValue(body, { [key]: empty } as Record<K, T>)[key];

type OrgRef = { organisationId: string };
type ListRef = OrgRef & { listId: string };

export const organisationsApi = api
  .enhanceEndpoints({
    addTagTypes: ['Organisations', 'OrganisationMembers', 'OrganisationInvitations', 'OrganisationLists'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listMyOrganisations: build.query<OrganisationSummary[], void>({
        query: () => ({ url: P.organisations }),
        transformResponse: value('organisations', [] as OrganisationSummary[]),
        providesTags: ['Organisations'],
      }),
      createOrganisation: build.mutation<OrganisationSummary, { name: string; description?: string }>({
        query: (body) => ({ url: P.organisations, method: 'POST', body }),
        transformResponse: value('organisation', undefined as unknown as OrganisationSummary),
        invalidatesTags: ['Organisations'],
      }),
      getOrganisation: build.query<OrganisationSummary, string>({
        query: (organisationId) => ({ url: fill(P.organisation, { organisationId }) }),
        transformResponse: value('organisation', undefined as unknown as OrganisationSummary),
        providesTags: ['Organisations'],
      }),
      listMembers: build.query<OrganisationMember[], string>({
        query: (organisationId) => ({ url: fill(P.members, { organisationId }) }),
        transformResponse: value('members', [] as OrganisationMember[]),
        providesTags: ['OrganisationMembers'],
      }),
      changeMemberRole: build.mutation<unknown, OrgRef & { userId: string; role: OrganisationRole }>({
        query: ({ role, ...ids }) => ({ url: fill(P.member, ids), method: 'PUT', body: { role } }),
        invalidatesTags: ['OrganisationMembers', 'Organisations'],
      }),
      removeMember: build.mutation<unknown, OrgRef & { userId: string }>({
        query: (ids) => ({ url: fill(P.member, ids), method: 'DELETE' }),
        invalidatesTags: ['OrganisationMembers', 'Organisations', 'OrganisationLists'],
      }),
      listInvitations: build.query<OrganisationInvitation[], string>({
        query: (organisationId) => ({ url: fill(P.invitations, { organisationId }) }),
        transformResponse: value('invitations', [] as OrganisationInvitation[]),
        providesTags: ['OrganisationInvitations'],
      }),
      inviteMember: build.mutation<unknown, OrgRef & { email: string; role: OrganisationRole }>({
        query: ({ organisationId, ...body }) => ({
          url: fill(P.invitations, { organisationId }),
          method: 'POST',
          body,
        }),
        invalidatesTags: ['OrganisationInvitations', 'Organisations'],
      }),
      withdrawInvitation: build.mutation<unknown, OrgRef & { invitationId: string }>({
        query: (ids) => ({ url: fill(P.invitation, ids), method: 'DELETE' }),
        invalidatesTags: ['OrganisationInvitations', 'Organisations'],
      }),
    }),
  });

/** The lists and the invitation link's calls (same API, a second injection to keep each part short). */
const organisationListsApi = organisationsApi.injectEndpoints({
  endpoints: (build) => ({
    listLists: build.query<OrganisationList[], string>({
      query: (organisationId) => ({ url: fill(P.lists, { organisationId }) }),
      transformResponse: value('lists', [] as OrganisationList[]),
      providesTags: ['OrganisationLists'],
    }),
    getList: build.query<OrganisationListDetail, ListRef>({
      query: (ids) => ({ url: fill(P.list, ids) }),
      transformResponse: value('list', undefined as unknown as OrganisationListDetail),
      providesTags: ['OrganisationLists'],
    }),
    createList: build.mutation<unknown, OrgRef & { name: string; responsibleUserId: string }>({
      query: ({ organisationId, ...body }) => ({
        url: fill(P.lists, { organisationId }),
        method: 'POST',
        body,
      }),
      invalidatesTags: ['OrganisationLists'],
    }),
    updateList: build.mutation<unknown, ListRef & { name?: string; responsibleUserId?: string }>({
      query: ({ organisationId, listId, ...body }) => ({
        url: fill(P.list, { organisationId, listId }),
        method: 'PATCH',
        body,
      }),
      invalidatesTags: ['OrganisationLists'],
    }),
    addListStandard: build.mutation<unknown, ListRef & { designation: string }>({
      query: ({ organisationId, listId, designation }) => ({
        url: fill(P.listStandards, { organisationId, listId }),
        method: 'POST',
        body: { designation },
      }),
      invalidatesTags: ['OrganisationLists'],
    }),
    removeListStandard: build.mutation<unknown, ListRef & { standardId: string }>({
      query: (ids) => ({ url: fill(P.listStandard, ids), method: 'DELETE' }),
      invalidatesTags: ['OrganisationLists'],
    }),
    lookupInvitation: build.query<InvitationPreview, string>({
      query: (token) => ({ url: P.invitationLookup, method: 'POST', body: { token } }),
      transformResponse: value('invitation', undefined as unknown as InvitationPreview),
    }),
    acceptInvitation: build.mutation<InvitationAccepted, AcceptInvitationBody>({
      query: (body) => ({ url: P.invitationAccept, method: 'POST', body }),
      transformResponse: (body: Envelope<InvitationAccepted>) =>
        envelopeValue(body, undefined as unknown as InvitationAccepted),
      invalidatesTags: ['Organisations'],
    }),
  }),
});

export const {
  useListMyOrganisationsQuery,
  useCreateOrganisationMutation,
  useGetOrganisationQuery,
  useListMembersQuery,
  useChangeMemberRoleMutation,
  useRemoveMemberMutation,
  useListInvitationsQuery,
  useInviteMemberMutation,
  useWithdrawInvitationMutation,
} = organisationsApi;

export const {
  useListListsQuery,
  useGetListQuery,
  useCreateListMutation,
  useUpdateListMutation,
  useAddListStandardMutation,
  useRemoveListStandardMutation,
  useLookupInvitationQuery,
  useAcceptInvitationMutation,
} = organisationListsApi;
