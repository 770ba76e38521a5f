import { createHash } from 'node:crypto';
import type Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';

/**
 * The few HTML pages the issuer itself serves: the self-submitting sign-out form, the signed-out page, the
 * error page, and the hidden-iframe answer of a silent renewal (`response_mode=okta_post_message`, as
 * okta-auth-js asks Okta for it). Every value is escaped; each inline script is allowed by its hash alone.
 */

/** The page runs one inline script: the Content-Security-Policy allows exactly that script by its hash. */
function allowInlineScript(ctx: KoaContextWithOIDC, script: string): void {
  const csp = ctx.response.get('content-security-policy');
  const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  const directives = (csp ? csp.split(';') : [])
    .map((d) => d.trim())
    .filter((d) => d && !d.startsWith('frame-ancestors') && !d.startsWith('script-src'));
  directives.push(`script-src ${hash}`);
  ctx.set('content-security-policy', directives.join('; '));
  ctx.response.remove('x-frame-options');
}

const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const htmlEscape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const backTo = (origin: string, storeName: string) =>
  `<p><a href="${htmlEscape(origin)}/">Back to ${htmlEscape(storeName)}</a></p>`;

type LogoutFeature = NonNullable<NonNullable<Configuration['features']>['rpInitiatedLogout']>;

/** Sign-out with no confirmation page (as Okta's /v1/logout): the form submits itself with logout=yes. */
export function logoutPages(
  origin: string,
  storeName: string,
): Pick<LogoutFeature, 'logoutSource' | 'postLogoutSuccessSource'> {
  return {
    async logoutSource(ctx, form) {
      const script = 'document.forms[0].submit();';
      allowInlineScript(ctx, script);
      const withYes = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing out</title></head><body>${withYes}<noscript><p>Signing out.</p><button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button></noscript><script>${script}</script></body></html>`;
    },
    async postLogoutSuccessSource(ctx) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signed out</title></head><body><main><h1>You are signed out</h1>${backTo(origin, storeName)}</main></body></html>`;
    },
  };
}

/** The issuer's error page: each field of the error, escaped, and a way back to the store. */
export const errorPage =
  (origin: string, storeName: string): NonNullable<Configuration['renderError']> =>
  async (ctx, out) => {
    const fields = Object.entries(out)
      .map(([k, v]) => `<p><strong>${htmlEscape(k)}</strong>: ${htmlEscape(String(v))}</p>`)
      .join('');
    ctx.type = 'html';
    ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><main><h1>Sign-in could not continue</h1>${fields}${backTo(origin, storeName)}</main></body></html>`;
  };

/** `okta_post_message`: the hidden iframe of a silent renewal posts the answer to the page that opened it. */
export function registerOktaPostMessage(provider: Provider): void {
  provider.registerResponseMode('okta_post_message', (ctx, redirectUri, response) => {
    const script = `(function(){var d=${jsonForScript(response)};(window.opener||window.parent).postMessage(d,${jsonForScript(new URL(redirectUri).origin)});})();`;
    allowInlineScript(ctx, script);
    ctx.status = 200;
    ctx.type = 'html';
    ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in</title></head><body><script>${script}</script></body></html>`;
  });
}
