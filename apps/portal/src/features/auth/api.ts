import {
  type FeatureFlags,
  TRACKER_PATHS,
  USER_INFO_PATH,
  type UserInfo,
  userInfo as userInfoSchema,
} from '@trackwell/contracts';
import { api, type Envelope, envelopeValue } from '../../lib/api.ts';

/** spec §3 "Feature flags" when the call fails or a flag is missing: everything off. */
export const FLAGS_OFF: FeatureFlags = {
  enable_resolver_DP_for_content: { enabled: false },
  track_by_publishers: { enabled: false },
  enable_translation: { enabled: false },
};

/**
 * The two calls only a signed-in user makes (spec §6): who the user is (spec §3 "User info", at the tenant's
 * `mae-uri`), and the tenant's feature flags (spec §7, the tracker's app-config call; `{hash}.enabled`).
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserInfo: build.query<UserInfo, void>({
      query: () => ({ service: 'mae-uri', url: USER_INFO_PATH }),
      transformResponse: (body: unknown) => userInfoSchema.parse(body),
      providesTags: ['UserInfo'],
    }),
    getFeatureFlags: build.query<FeatureFlags, void>({
      query: () => ({ service: 'tracker-uri', url: TRACKER_PATHS.featureFlags }),
      transformResponse: (body: Envelope<Partial<FeatureFlags>>) => ({
        ...FLAGS_OFF,
        ...envelopeValue(body, {}),
      }),
      providesTags: ['FeatureFlags'],
    }),
  }),
});

export const { useGetUserInfoQuery, useGetFeatureFlagsQuery } = authApi;
