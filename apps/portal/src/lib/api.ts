import type { BaseQueryFn, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { SUCCESS_STATUS, type TenantConfig } from '@trackwell/contracts';
import { fetchWithEarlyAnswers } from './early-requests.ts';

/**
 * The one RTK Query API of the portal; features add their endpoints with `api.injectEndpoints`.
 *
 * Its error kinds are the spec's (§8): FETCH_ERROR, PARSING_ERROR, or an HTTP status with data; unused data
 * is kept 60 s (§9). Each call names the tenant service it goes to (`service`: the tenant configuration's
 * `tracker-uri`, `member-uri`, `mae-uri`…); a tenant without that base URL answers the spec's 400
 * 'Bad Request' / 'No Base-URL found' without a request. Calls carry the signed-in user's bearer token
 * (spec §6), read from the token storage through `ApiContext.accessToken`.
 */

/** The tenant configuration keys that are service base URLs. */
export type ServiceBase = 'tracker-uri' | 'member-uri' | 'mae-uri' | 'myaccount-uri' | 'public-uri';

export type ApiArgs = FetchArgs & {
  /** Which tenant service the path is relative to. Same origin when absent. */
  service?: ServiceBase;
};

/**
 * What the calls need from outside Redux: the tenant (set by the shell once its configuration has loaded) and
 * the access token (set by the sign-in feature). Mutable on purpose: it is one per store, filled in as the
 * app learns it.
 */
export type ApiContext = {
  tenant?: TenantConfig;
  accessToken?: () => string | undefined;
};

/** spec §8 "A missing tenant base URL: status 400, 'Bad Request', data 'No Base-URL found'". */
export const NO_BASE_URL_ERROR = {
  status: 400,
  statusText: 'Bad Request',
  data: 'No Base-URL found',
} as const satisfies FetchBaseQueryError & { statusText: string };

/** spec §9 "Query cache keep-unused time is 60 s". */
export const KEEP_UNUSED_DATA_FOR_SECONDS = 60;

const rawBaseQuery = fetchBaseQuery({
  // The first calls of a signed-in screen may have been started by the page already (./early-requests.ts).
  fetchFn: fetchWithEarlyAnswers,
  prepareHeaders: (headers, { extra }) => {
    const token = (extra as ApiContext | undefined)?.accessToken?.();
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

export const baseQuery: BaseQueryFn<
  string | ApiArgs,
  unknown,
  FetchBaseQueryError,
  // biome-ignore lint/complexity/noBannedTypes: RTK Query's own default for "no extra options".
  {},
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  const { service, ...request } = typeof args === 'string' ? ({ url: args } as ApiArgs) : args;
  const context = api.extra as ApiContext | undefined;
  const base = service ? context?.tenant?.[service] : window.location.origin;
  if (!base) return { error: { ...NO_BASE_URL_ERROR } };
  let url: string;
  try {
    url = new URL(request.url, new URL(base, window.location.origin)).href;
  } catch {
    return { error: { ...NO_BASE_URL_ERROR } };
  }
  const result = await rawBaseQuery({ ...request, url }, api, extraOptions);
  // spec §7/§8: an answer whose body status is not '200' is a failure, whatever its HTTP status.
  if (!result.error && isFailedEnvelope(result.data)) {
    const status = Number(result.data.status);
    return {
      error: { status: Number.isInteger(status) ? status : 500, data: result.data },
      meta: result.meta,
    };
  }
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  keepUnusedDataFor: KEEP_UNUSED_DATA_FOR_SECONDS,
  tagTypes: ['ContentTrackings', 'SourceTrackings', 'UserInfo', 'FeatureFlags'],
  endpoints: () => ({}),
});

/** A tracker-style envelope (spec §7): `{ status, responseData: { value } }`. */
export type Envelope<T> = { status: string; responseData?: { value?: T } };

/**
 * spec §7 "Status '200' means success. Otherwise an empty result is used." For `transformResponse`: the value of
 * a '200' envelope, else `empty`.
 */
export function envelopeValue<T>(body: Envelope<T> | undefined, empty: T): T {
  return body?.status === SUCCESS_STATUS && body.responseData?.value !== undefined
    ? body.responseData.value
    : empty;
}

/** True when a body is an envelope whose status is not '200' (spec §8: shown whole as an error toast). */
export function isFailedEnvelope(body: unknown): body is Envelope<unknown> {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { status?: unknown }).status === 'string' &&
    (body as { status: string }).status !== SUCCESS_STATUS
  );
}
