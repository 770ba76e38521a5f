import { useTranslation } from 'react-i18next';

/** Splits the tenant's plain-text intro into paragraphs at blank lines (contract: trackerSetting.header). */
export function toParagraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

/** spec §2 Tracker page, section 1: the intro, under the page heading. */
export function TrackerIntro({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <section className="tw-intro" aria-labelledby="tracker-intro-heading">
      <h1 id="tracker-intro-heading" className="tw-page-title">
        {t('home.heading')}
      </h1>
      {toParagraphs(text).map((paragraph, index) => (
        // Paragraphs are static text with no identity of their own: position is the key. The intro is tenant
        // text in a language of its own: dir="auto" keeps its punctuation in place on right-to-left pages.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <p key={index} className="tw-intro__paragraph" dir="auto">
          {paragraph}
        </p>
      ))}
    </section>
  );
}
