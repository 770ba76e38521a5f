import { type TenantConfig, TRACKER_PATHS, USER_INFO_PATH } from '@trackwell/contracts';

/**
 * The first calls of a signed-in screen, started by the page itself (public/early-requests.js) while the
 * portal's scripts still download: who the user is and the store's feature flags. The server
 * writes their addresses into the page (`earlyRequestUrls`, through entry-server.tsx); `fetchWithEarlyAnswers`
 * is the portal's fetch, which takes such an answer once, for the same call with the same token.
 */

/** How long an early answer may wait to be taken: later, the portal asks again (it may have changed). */
export const EARLY_ANSWER_TTL_MS = 30_000;

interface EarlyAnswer {
  token: string;
  response: Promise<Response>;
  at: number;
}

declare global {
  interface Window {
    __trackwellEarlyAnswers?: Map<string, EarlyAnswer>;
  }
}

/** The absolute URLs of the early calls, as the portal's API layer builds them (lib/api.ts `baseQuery`). */
export function earlyRequestUrls(config: TenantConfig, origin: string): string[] {
  const at = (base: string | undefined, path: string) => {
    if (!base) return [];
    try {
      return [new URL(path, new URL(base, origin)).href];
    } catch {
      return [];
    }
  };
  return [...at(config['mae-uri'], USER_INFO_PATH), ...at(config['tracker-uri'], TRACKER_PATHS.featureFlags)];
}

/** The early answer to `request`, taken (once), when it was started for the same GET with the same token. */
export function takeEarlyAnswer(request: Request, now = Date.now()): Promise<Response> | undefined {
  const answers = typeof window === 'undefined' ? undefined : window.__trackwellEarlyAnswers;
  const answer = answers?.get(request.url);
  if (!answers || !answer) return undefined;
  answers.delete(request.url);
  const sameCall =
    request.method === 'GET' && request.headers.get('authorization') === `Bearer ${answer.token}`;
  if (!sameCall || now - answer.at > EARLY_ANSWER_TTL_MS) return undefined;
  return answer.response;
}

/** fetch, except that a call started early by the page is answered with that answer. */
export const fetchWithEarlyAnswers: typeof fetch = (input, init) => {
  const early = input instanceof Request && init === undefined ? takeEarlyAnswer(input) : undefined;
  // A failed early call (network) is made again, now.
  return early ? early.catch(() => fetch(input)) : fetch(input, init);
};
