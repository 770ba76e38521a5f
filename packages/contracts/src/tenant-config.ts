import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import { language } from './language-schema.ts';
import { unofferedLanguages } from './localized-text.ts';
import { textByLanguage } from './localized-text-schema.ts';
import { RESOLVER_PLACEHOLDERS } from './resolver.ts';
import { hostName, safeText, safeUrl, tenantCode } from './safe-values.ts';

/**
 * Tenant configuration: spec §3 "Tenant configuration" plus what Trackwell's generalisation needs.
 * The spec hard-codes some tenant names ("{product}" gets the sidebar and copyright line, awwa/aenor get a
 * footer logo); here every such rule is a setting, so a new tenant is data, never code.
 *
 * URL fields accept an absolute http(s) URL or a path on the tenant's own origin ("/oauth2/default");
 * the configuration service answers them resolved against the origin the request came to.
 */

const enabled = z.object({ enabled: z.boolean() });

/** The keys of the footer's bottom links (spec §2 Footer); the portal translates them. */
export const FOOTER_LINK_KEYS = [
  'home',
  'aboutOrganisation',
  'contact',
  'privacyPolicy',
  'policies',
  'copyrightPermissions',
  'sales',
] as const;

export const publisherOption = z.object({
  code: z.string().regex(/^[A-Z0-9][A-Z0-9_-]{0,31}$/, 'publisher codes are upper-case letters and digits'),
  name: safeText(200).min(1),
});

/** spec §3 trackerSetting. */
export const trackerSetting = z.object({
  individual_standard_tracker: enabled,
  committee: enabled,
  industry_area: enabled,
  publisher: enabled,
  work_item: enabled,
  /** Publisher options for the publisher tracker (spec §3 Options: code and name, de-duplicated by name). */
  publisher_list: z.array(publisherOption).max(500),
  header: z.object({
    /** The intro paragraph at the top of the tracker page. Plain text; blank lines separate paragraphs. */
    page_paragraph_info: safeText(4000, { multiline: true }),
    /** The intro in other languages the store offers; `page_paragraph_info` is its default language's. */
    page_paragraph_info_by_language: textByLanguage(safeText(4000, { multiline: true })).optional(),
  }),
});
export type TrackerSetting = z.infer<typeof trackerSetting>;

/** spec §3 footer: socials.links, displayAddress, links. */
export const footer = z.object({
  socials: z.object({
    links: z
      .array(
        z.object({
          label: safeText(60).min(1),
          /** The label in other languages the store offers (read by screen readers). */
          label_by_language: textByLanguage(safeText(60)).optional(),
          url: safeUrl,
          /** A Font Awesome brand icon name, e.g. "fa-linkedin". */
          'fa-icon': z
            .string()
            .regex(/^fa-[a-z0-9-]{1,40}$/, 'must be a Font Awesome icon name like fa-linkedin'),
        }),
      )
      .max(12),
  }),
  displayAddress: safeText(300),
  /** The address as written for readers of other languages, where it differs. */
  displayAddress_by_language: textByLanguage(safeText(300)).optional(),
  links: z.array(z.object({ label: z.enum(FOOTER_LINK_KEYS), url: safeUrl })).max(12),
});
export type Footer = z.infer<typeof footer>;

/** Trackwell's generalisation of the spec's tenant-name rules, plus branding. */
export const tenantUi = z.object({
  /** Theme stylesheet; the demo tenants use the one the server compiles from their theme: /assets/{code}/theme.css. */
  themeStylesheetUrl: safeUrl,
  /** Header logo, "loaded from an assets path by tenant code" (spec §2 Header). */
  logoUrl: safeUrl,
  /** spec §2 Footer: awwa and aenor show their own logo; everyone else shows "Powered by:" + the platform logo. */
  footerLogo: z.enum(['tenant', 'poweredBy']),
  /** The platform logo shown after "Powered by:". */
  poweredByLogoUrl: safeUrl,
  /** spec §1/§6: the left sidebar with the compass and public-site links ("{product}" tenant only). */
  sidebar: enabled,
  /** spec §2 Footer: copyright line with the year and the display address ("{product}" tenant only). */
  copyrightLine: enabled,
  /** spec §2 Header: the external contact page. */
  contactUrl: safeUrl,
  /** spec §1: "A language choice is offered when the tenant allows it". */
  languageSelector: enabled,
  /** The languages this tenant offers (a subset of spec §3 "Supported languages"). */
  languages: z.array(language).min(1).max(14),
  defaultLanguage: language,
  /** spec §9: the locale cookie is `locale_{env}`; the spec's env is 'Dev'. */
  localeCookieEnv: z.string().regex(/^[A-Za-z0-9]{1,16}$/),
});
export type TenantUi = z.infer<typeof tenantUi>;

/** A URL template: known {placeholders} only, and a safe URL once they are filled in. */
export const resolverApplicationUrlTemplate = z
  .string()
  .max(1024)
  .refine(
    (s) =>
      [...s.matchAll(/\{([^}]*)\}/g)].every((m) =>
        (RESOLVER_PLACEHOLDERS as readonly string[]).includes(m[1]!),
      ),
    `placeholders must be among ${RESOLVER_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}`,
  )
  .refine((s) => safeUrl.safeParse(s.replace(/\{[a-zA-Z]+\}/g, 'x')).success, 'must be a safe URL template');

const UNOFFERED = "names a language that is not one of the store's languages (ui.languages)";

/** The tenant configuration the portal receives (spec §3, §7 "Tenant configuration"). */
export const tenantConfig = z
  .object({
    'compass-uri': safeUrl,
    'issuer-uri': safeUrl,
    'mae-uri': safeUrl,
    'client-id': z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    'myaccount-uri': safeUrl,
    'tracker-uri': safeUrl,
    'login-page-url': safeUrl,
    'member-uri': safeUrl,
    'public-uri': safeUrl,
    /** Base of the public page of a standard: publicURL + assetId + ".html" (spec §2). */
    publicURL: safeUrl,
    tenantName: safeText(120).min(1),
    tenantCode,
    trackerSetting,
    footer,
    ui: tenantUi,
    /**
     * Where the content resolver sends a standard's title when `enable_resolver_DP_for_content` is on
     * (spec §7 platform admin). A URL template with {contentCode}, {assetId}, {designation}, {tenantCode};
     * absent → DEFAULT_RESOLVER_APPLICATION_URL.
     */
    resolverApplicationUrl: resolverApplicationUrlTemplate.optional(),
    /**
     * Self-registration on the sign-in page (the requests are registration.ts): on when the store
     * gives the link to the terms new users accept, off when absent (the default). One URL rather than a switch
     * and a link, because this schema is in the portal's first download (budget 180 kB).
     */
    registrationTermsUrl: safeUrl.optional(),
  })
  .refine((c) => c.ui.languages.includes(c.ui.defaultLanguage), {
    message: 'defaultLanguage must be one of languages',
    path: ['ui', 'defaultLanguage'],
  })
  // A translation into a language the store does not offer would never be shown: refuse it, naming the field.
  .refine(
    (c) =>
      unofferedLanguages(c.trackerSetting.header.page_paragraph_info_by_language, c.ui.languages).length ===
      0,
    { message: UNOFFERED, path: ['trackerSetting', 'header', 'page_paragraph_info_by_language'] },
  )
  .refine((c) => unofferedLanguages(c.footer.displayAddress_by_language, c.ui.languages).length === 0, {
    message: UNOFFERED,
    path: ['footer', 'displayAddress_by_language'],
  })
  .refine(
    (c) =>
      c.footer.socials.links.every(
        (l) => unofferedLanguages(l.label_by_language, c.ui.languages).length === 0,
      ),
    { message: UNOFFERED, path: ['footer', 'socials', 'links'] },
  );
export type TenantConfig = z.infer<typeof tenantConfig>;

/** The URL-valued keys of a tenant configuration, resolved against the request origin when answered. */
export const TENANT_CONFIG_URL_KEYS = [
  'compass-uri',
  'issuer-uri',
  'mae-uri',
  'myaccount-uri',
  'tracker-uri',
  'login-page-url',
  'member-uri',
  'public-uri',
  'publicURL',
] as const;

/** Per-tenant feature flags, served by the tracker's app-config call (spec §3 "Feature flags"). */
export const featureFlags = z.object({
  enable_resolver_DP_for_content: enabled,
  track_by_publishers: enabled,
  /** The spec's `{hash}.enabled`: whether the portal may translate (off → language forced to en). */
  enable_translation: enabled,
  /**
   * The store's users may register their own webhook endpoints (Account › Webhooks). Off: the
   * user routes answer 403 `webhooks_off`, the account area has no Webhooks tab, and no change is queued for
   * a user's endpoint (the store's own endpoints are the console's, unaffected). Migration 0028 set it on
   * for the stores that existed before it.
   */
  user_webhooks: enabled,
});
export type FeatureFlags = z.infer<typeof featureFlags>;

/** POST /config/get-tenant-configuration-for-ui: body (optional; the request's host is used otherwise). */
export const getTenantConfigurationBody = z.object({ domain: hostName.optional() }).strict().nullish();

export const getTenantConfigurationResponse = successEnvelope(tenantConfig);
export type GetTenantConfigurationResponse = z.infer<typeof getTenantConfigurationResponse>;
