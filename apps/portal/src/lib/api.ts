import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * The one RTK Query API of the portal; features add their endpoints with `api.injectEndpoints`.
 * Its error kinds are the spec's (§8): FETCH_ERROR, PARSING_ERROR, or an HTTP status with data; unused
 * data is kept 60 s (§9), RTK Query's default.
 *
 * Same-origin calls: the tenant is the request's host. The base is the page's origin (not "") so requests
 * are absolute, as `Request` requires outside a browser too.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: window.location.origin }),
  endpoints: () => ({}),
});
