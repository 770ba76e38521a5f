import type { NotificationChange } from './notifications.ts';

/**
 * A standard's title in the reader's language. Real catalogues give titles in several languages (an STS file's
 * `title-wrap`s: German, English, French); the catalogue keeps them by language tag, and the main `title`
 * (English, else the file's first) is shown where the reader's language has none. One rule for the tracker,
 * the search, the store page and the e-mails.
 */

export interface TitleShown {
  text: string;
  /** The language tag of a title taken from `titles` (for a `lang` attribute); undefined for the main title. */
  lang?: string;
}

/** The title for a reader of `language` ("de", "pt-BR"): that language's, its base language's, else the main. */
export function titleIn(
  language: string,
  title: string,
  titles: Readonly<Record<string, string>> | undefined,
): TitleShown {
  if (!titles) return { text: title };
  const tag = language.toLowerCase().replace(/_/g, '-');
  const base = tag.split('-')[0]!;
  for (const candidate of [tag, base]) {
    const text = Object.hasOwn(titles, candidate) ? titles[candidate] : undefined;
    if (text) return { text, lang: candidate };
  }
  return { text: title };
}

/** The title of what a change is about, for a reader of `language`: the standard's (in that language) or the work item's. */
export function changeTitleIn(
  language: string,
  change: Pick<NotificationChange, 'standard' | 'workItem'>,
): string {
  if (change.standard) return titleIn(language, change.standard.title, change.standard.titles).text;
  return change.workItem?.title ?? '';
}
