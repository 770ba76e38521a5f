import {
  dateToPrecision,
  FALLBACK_LANGUAGE,
  isLanguage,
  type Language,
  type ReviewForecast,
  RTL_LANGUAGES,
  type StandardCitations,
  titleIn,
} from '@trackwell/contracts';
import type {
  AdoptionLink,
  CatalogueStandard,
  EarlierSupplementLink,
  SupplementBaseLink,
  SupplementLink,
  Tenant,
} from '@trackwell/db';
import { forecastHtml } from '@trackwell/email';
import { citationsSection } from './citations-part.ts';
import { escapeHtml } from './html-escape.ts';

/**
 * The demo store's public page of a standard (spec §2: publicURL + assetId + ".html"): plain server-rendered
 * HTML in the tenant's branding, no script. Every value is escaped; URLs come from the validated tenant
 * configuration and are escaped as attributes too.
 */

export { escapeHtml };

const STATUS_LABELS: Record<CatalogueStandard['status'], string> = {
  active: 'Active',
  withdrawn: 'Withdrawn',
  historical: 'Historical',
};

/** Where the "Track this standard" button goes: the portal, which signs the user in and adds it. */
export const trackLink = (assetId: string) => `/?track=${encodeURIComponent(assetId)}`;

function layout(tenant: Tenant, title: string, main: string): string {
  const e = escapeHtml;
  const { config } = tenant;
  const lang = config.ui.defaultLanguage.replace('_', '-');
  return `<!doctype html>
<html lang="${e(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)} · ${e(config.tenantName)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${e(config.ui.themeStylesheetUrl)}">
<link rel="stylesheet" href="/store/assets/store.css">
</head>
<body>
<header class="store-header"><a href="${e(config['public-uri'])}"><img src="${e(config.ui.logoUrl)}" alt="${e(config.tenantName)}" height="40"></a></header>
<main class="store-main">
${main}
</main>
<footer class="store-footer">${e(config.tenantName)} · store demo powered by Trackwell</footer>
</body>
</html>
`;
}

/** A standard named on the page: a link to its own page where the catalogue holds it. */
function standardRef(link: AdoptionLink): string {
  const e = escapeHtml;
  if (!link.assetId || !link.designation) return `<span dir="ltr">${e(link.contentCode)}</span>`;
  return `<a href="${e(`${encodeURIComponent(link.assetId)}.html`)}" dir="ltr">${e(link.designation)}</a>`;
}

/** Its amendments and corrigenda, each a link to its own page with its date, as a list. */
function supplementList(supplements: SupplementLink[]): string {
  const e = escapeHtml;
  const items = supplements.map((x) => {
    const date = dateToPrecision(x.publishedOn, x.publishedPrecision);
    const link = `<a href="${e(`${encodeURIComponent(x.assetId)}.html`)}" dir="ltr">${e(x.designation)}</a>`;
    return `<li>${link} <time datetime="${e(date)}">${e(date)}</time></li>`;
  });
  return `<ul class="standard-supplements">${items.join('')}</ul>`;
}

/**
 * Its earlier editions' amendments and corrigenda, under the edition each amends ("ISO 13849-1:2006"), in the
 * order of that edition's first supplement; one whose designation names no edition under "Earlier edition".
 */
function earlierSupplementList(supplements: EarlierSupplementLink[]): string {
  const e = escapeHtml;
  const byEdition = new Map<string, SupplementLink[]>();
  for (const x of supplements) {
    const key = x.amends ?? '';
    byEdition.set(key, [...(byEdition.get(key) ?? []), x]);
  }
  const groups = [...byEdition].map(
    ([edition, list]) =>
      `<li>${edition ? `<span dir="ltr">${e(edition)}</span>` : 'Earlier edition'}${supplementList(list)}</li>`,
  );
  return `<ul class="standard-editions">${groups.join('')}</ul>`;
}

/** An amendment's base: linked, and said to be an earlier edition of it when the amendment is one's. */
function supplementBase(base: SupplementBaseLink): string {
  if (base.currentEdition) return standardRef(base);
  const amends = base.amends ? `<span dir="ltr">${escapeHtml(base.amends)}</span>, ` : '';
  return `${amends}an earlier edition of ${standardRef(base)}`;
}

/** The titles in the other languages the catalogue has, each marked with its language. */
function otherTitles(s: CatalogueStandard, shownLang: string | undefined): string {
  const others = Object.entries(s.titles).filter(([lang, text]) => lang !== shownLang && text !== s.title);
  if (others.length === 0) return '';
  const e = escapeHtml;
  const items = others.map(
    ([lang, text]) => `<li lang="${e(lang)}"><span class="title-lang">${e(lang)}</span> ${e(text)}</li>`,
  );
  return `<ul class="standard-titles">${items.join('')}</ul>`;
}

/**
 * Its review forecast in the page's language (the one its title is chosen for): "Review due 2027-03 (ISO
 * systematic review)", then that it is a forecast and why; marked with its language and direction.
 */
function forecastRow(forecast: ReviewForecast | null, language: Language): string {
  if (!forecast) return '';
  const { heading, due, note } = forecastHtml(language, forecast);
  const marks = ` lang="${language.replace('_', '-')}" dir="${RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr'}"`;
  return `<dt${marks}>${heading}</dt><dd class="standard-forecast"${marks}>${due}<br><small>${note}</small></dd>`;
}

/** The page's language: the store's default, as the title is chosen for it. */
const pageLanguage = (tenant: Tenant): Language => {
  const language = tenant.config.ui.defaultLanguage;
  return isLanguage(language) ? language : FALLBACK_LANGUAGE;
};

/** What the page shows beside the catalogue's row: its review forecast, what it cites and what cites it. */
export interface StandardPageExtras {
  forecast?: ReviewForecast | null;
  citations?: StandardCitations;
}

export function renderStandardPage(
  tenant: Tenant,
  s: CatalogueStandard,
  { forecast = null, citations }: StandardPageExtras = {},
): string {
  const e = escapeHtml;
  const row = (label: string, value: string) => `<dt>${e(label)}</dt><dd>${value}</dd>`;
  const lang = tenant.config.ui.defaultLanguage.replace('_', '-');
  const title = titleIn(lang, s.title, s.titles);
  const published = dateToPrecision(s.publishedOn, s.publishedPrecision);
  const committee = s.committeeDesignation
    ? row('Committee', `${e(s.committeeDesignation)} — ${e(s.committeeTitle ?? '')}`)
    : '';
  const adopts = s.adopts.length ? row('Adopts', s.adopts.map(standardRef).join(', which adopts ')) : '';
  const adoptedBy = s.adoptedBy.length ? row('Adopted as', s.adoptedBy.map(standardRef).join(', ')) : '';
  const supplements = s.supplements.length
    ? row('Amendments and corrigenda', supplementList(s.supplements))
    : '';
  const earlier = s.earlierSupplements.length
    ? row('Amendments and corrigenda of earlier editions', earlierSupplementList(s.earlierSupplements))
    : '';
  const base = s.supplementOf ? row('Supplement to', supplementBase(s.supplementOf)) : '';
  const main = `<article class="standard">
<p class="standard-designation">${e(s.designation)}</p>
<h1${title.lang ? ` lang="${e(title.lang)}"` : ''}>${e(title.text)}</h1>
${otherTitles(s, title.lang)}
<dl class="standard-facts">
${row('Publisher', e(s.publisherName))}
${committee}
${row('Status', e(STATUS_LABELS[s.status]))}
${row('Edition', e(s.edition))}
${row('Published', `<time datetime="${e(published)}">${e(published)}</time>`)}
${forecastRow(forecast, pageLanguage(tenant))}
${base}
${adopts}
${adoptedBy}
${supplements}
${earlier}
${s.industryAreas.length ? row('Industry areas', e(s.industryAreas.join(', '))) : ''}
${s.icsCodes.length ? row('ICS', s.icsCodes.map((c) => `<code dir="ltr">${e(c)}</code>`).join(', ')) : ''}
${row('Content code', `<code>${e(s.contentCode)}</code>`)}
</dl>
${citationsSection(citations)}
<p><a class="track-button" href="${e(trackLink(s.assetId))}">Track this standard</a></p>
<p class="track-note">We e-mail you when this standard is revised, amended or withdrawn.</p>
</article>`;
  return layout(tenant, `${s.designation} ${title.text}`, main);
}

export function renderNotFoundPage(tenant: Tenant, assetId: string): string {
  return layout(
    tenant,
    'Standard not found',
    `<h1>Standard not found</h1><p>This store has no standard <code>${escapeHtml(assetId)}</code>.</p>`,
  );
}

/** The page's own few rules; colours and fonts come from the tenant's theme stylesheet (--tw-*). */
export const STORE_CSS = `body{margin:0;font-family:var(--tw-font,system-ui,sans-serif);background:var(--tw-bg,#fff);color:var(--tw-text,#111)}
.store-header{background:var(--tw-header-bg,#123);color:var(--tw-header-text,#fff);padding:.75rem 1.5rem}
.store-header img{display:block;height:40px;width:auto}
.store-main{max-width:48rem;margin:2rem auto;padding:0 1.5rem}
.standard-designation{font-weight:600;color:var(--tw-muted,#555);margin:0}
h1{font-family:var(--tw-heading-font,inherit);margin:.25rem 0 1.5rem}
.standard-facts{display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1.5rem;background:var(--tw-surface,#f6f6f6);padding:1rem 1.25rem;border-radius:var(--tw-radius,6px)}
.standard-facts dt{font-weight:600}.standard-facts dd{margin:0}
.standard-titles{list-style:none;padding:0;margin:-1rem 0 1.5rem;color:var(--tw-muted,#555)}
.title-lang{display:inline-block;min-width:2rem;font-size:.8rem;text-transform:uppercase;font-weight:600}
.track-button{display:inline-block;margin-top:1.5rem;padding:.6rem 1.2rem;border-radius:var(--tw-radius,6px);background:var(--tw-primary,#1d4ed8);color:var(--tw-primary-contrast,#fff);text-decoration:none;font-weight:600}
.track-button:hover,.track-button:focus{background:var(--tw-secondary,#1e3a8a)}
.standard-supplements{list-style:none;padding:0;margin:0}.standard-supplements time{color:var(--tw-muted,#555)}
.standard-editions{list-style:none;padding:0;margin:0}.standard-editions .standard-supplements{padding-inline-start:1rem}
.standard-references h2{font-size:1.2rem;margin:1.5rem 0 .5rem}.standard-references h3{font-size:1rem;margin:1rem 0 .25rem}
.standard-citations{margin:0;padding-inline-start:1.25rem}.citation-note{color:var(--tw-muted,#555);font-size:.9rem}
.track-note{color:var(--tw-muted,#555);font-size:.9rem}
.store-footer{max-width:48rem;margin:3rem auto 2rem;padding:0 1.5rem;color:var(--tw-muted,#555);font-size:.85rem}
`;
