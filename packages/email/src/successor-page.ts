import type { Language, StandardSuccession } from '@trackwell/contracts';
import type { EmailBranding } from './branding.ts';
import { escapeHtml } from './notification-mjml.ts';
import { renderStorePage, storePageButtonStyle } from './store-page.ts';
import { fill } from './strings.ts';
import { SUCCESSOR_STRINGS } from './successor-strings.ts';

/**
 * The page the change e-mail's "Track <new> instead" link opens, like the unsubscribe page:
 * GET shows it with one button and changes nothing (link scanners follow GETs), the button POSTs to the
 * same URL, which moves the tracking and answers `done` (or `already` the second time). Server-rendered,
 * no script, every value escaped, in the reader's language and the store's colours.
 */

export type SuccessorPageState = 'confirm' | 'done' | 'already' | 'invalid';

export function renderSuccessorPage(options: {
  language: Language;
  branding: EmailBranding;
  state: SuccessorPageState;
  /** The replacement (absent for an invalid link). */
  succession?: StandardSuccession | undefined;
  /** Where the button posts (the same path and token). */
  action: string;
  trackerUrl: string;
  themeStylesheetUrl?: string | undefined;
}): string {
  const { language, branding: b, state, succession } = options;
  const t = SUCCESSOR_STRINGS[language].page;
  const e = escapeHtml;
  const names = {
    old: succession?.from.designation ?? '',
    new: succession?.to.designation ?? '',
    tenant: b.tenantName,
  };
  const ok = state !== 'invalid' && succession;
  const heading = !ok
    ? t.invalid
    : fill(state === 'confirm' ? t.title : state === 'done' ? t.doneTitle : t.alreadyTitle, names);
  const body =
    ok && state === 'confirm'
      ? `<p>${e(fill(t.body, names))}</p>
  <form method="post" action="${e(options.action)}">
    <button type="submit" style="${storePageButtonStyle(b)}">${e(fill(SUCCESSOR_STRINGS[language].trackInstead, names))}</button>
  </form>`
      : `<p><a href="${e(options.trackerUrl)}" style="color:${b.colors.link}">${e(t.openTracker)}</a></p>`;
  return renderStorePage({
    language,
    branding: b,
    heading,
    body,
    themeStylesheetUrl: options.themeStylesheetUrl,
  });
}
