import type { Language, TextByLanguage } from '@trackwell/contracts';
import { useTranslation } from 'react-i18next';
import { useLocalizedText } from '../../../lib/use-localized-text.ts';

/** Splits the tenant's plain-text intro into paragraphs at blank lines (contract: trackerSetting.header). */
export function toParagraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

/**
 * spec §2 Tracker page, section 1: the intro, under the page heading, in the page's language when the store
 * wrote it in that language, else in the store's default language, marked as such.
 */
export function TrackerIntro({
  text,
  byLanguage,
  defaultLanguage = 'en',
}: {
  text: string;
  byLanguage?: TextByLanguage | undefined;
  /** The language `text` is written in: the store's default language. */
  defaultLanguage?: Language;
}) {
  const { t } = useTranslation();
  const intro = useLocalizedText(text, byLanguage, defaultLanguage);
  return (
    <section className="tw-intro" aria-labelledby="tracker-intro-heading">
      <h1 id="tracker-intro-heading" className="tw-page-title">
        {t('home.heading')}
      </h1>
      {toParagraphs(intro.text).map((paragraph, index) => (
        // Paragraphs are static text with no identity of their own: position is the key. The intro is tenant
        // text in a language of its own: its lang and direction are the text's, not the page's.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <p key={index} className="tw-intro__paragraph" lang={intro.lang} dir={intro.dir}>
          {paragraph}
        </p>
      ))}
    </section>
  );
}
