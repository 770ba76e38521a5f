import { useOktaAuth } from '@okta/okta-react';
import {
  type FeatureFlags,
  readUserInfo,
  TRACKER_PATHS,
  USER_INFO_PATH,
  type UserInfo,
} from '@trackwell/contracts';
import { api, type Envelope, envelopeValue } from '../../lib/api.ts';
import { translationEnabledFromUi } from '../../lib/language.ts';

/** spec §3 "Feature flags" when the call fails or a flag is missing: everything off. */
export const FLAGS_OFF: FeatureFlags = {
  enable_resolver_DP_for_content: { enabled: false },
  track_by_publishers: { enabled: false },
  enable_translation: { enabled: false },
  user_webhooks: { enabled: false },
};

/**
 * The two calls only a signed-in user makes (spec §6): who the user is (spec §3 "User info", at the tenant's
 * `mae-uri`), and the tenant's feature flags (spec §7, the tracker's app-config call; `{hash}.enabled`).
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserInfo: build.query<UserInfo, void>({
      query: () => ({ service: 'mae-uri', url: USER_INFO_PATH }),
      // Without Zod: the tracker's first screen waits for this answer.
      transformResponse: (body: unknown) => readUserInfo(body),
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

/**
 * Whether the portal may translate (spec §3 `{hash}.enabled`, §4 "Language"): the flag once a signed-in user has
 * loaded it, before that what the tenant configuration says (lib/language.ts `translationEnabledFromUi`).
 */
export function useTranslationEnabled(ui: Parameters<typeof translationEnabledFromUi>[0]): boolean {
  // Null outside okta-react's Security (screens rendered on their own, as in their tests).
  const context = useOktaAuth() as ReturnType<typeof useOktaAuth> | null;
  const authenticated = context?.authState?.isAuthenticated === true;
  const { data: flags } = useGetFeatureFlagsQuery(undefined, { skip: !authenticated });
  return flags ? flags.enable_translation.enabled : translationEnabledFromUi(ui);
}
