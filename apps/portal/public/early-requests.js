// The first calls of a signed-in screen, started with the page instead of after its scripts.
// The server names them (`data-urls`, from the store's configuration: the same addresses the portal calls,
// apps/portal/src/lib/early-requests.ts) on pages whose screen waits for the signed-in user. With this tab's
// access token (session storage, as the portal keeps it) still valid for a while, each is fetched now, with
// the token, exactly as the portal would; the portal takes each answer once, when it makes that call with
// the same token, and makes the call itself otherwise. No token: nothing is fetched. A plain script file:
// the page's CSP allows scripts from this origin only.
(() => {
  const script = document.currentScript;
  const urls = (script?.dataset.urls ?? '').split(' ').filter(Boolean);
  let token;
  try {
    const stored = JSON.parse(sessionStorage.getItem('okta-token-storage') ?? 'null');
    const access = stored?.accessToken;
    // The portal renews a token 60 s before it expires: one closer than that would not be the one it sends.
    if (typeof access?.accessToken === 'string' && access.expiresAt * 1000 > Date.now() + 90_000) {
      token = access.accessToken;
    }
  } catch {
    return;
  }
  if (!token || urls.length === 0) return;
  const answers = new Map();
  for (const url of urls) {
    const response = fetch(url, {
      headers: { authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    });
    response.catch(() => undefined); // a failure is the portal's to meet: it calls again itself
    answers.set(url, { token, response, at: Date.now() });
  }
  window.__trackwellEarlyAnswers = answers;
})();
