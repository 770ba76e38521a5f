import { isLanguage, type Language } from '@trackwell/contracts';
import { isRecord } from './is-record.ts';

/**
 * The data block the server writes into a page whose first screen it drew (entry-server.tsx;
 * apps/server/src/modules/portal/server-render.ts): the language it drew the screen in and that language's
 * strings for the screen's namespaces. The browser starts i18next with them and hydrates the same screen.
 */
export const FIRST_SCREEN_ID = 'tw-first-screen';

export interface FirstScreen {
  language: Language;
  /** The strings of each namespace, as in public/locales/{language}/{namespace}.json. */
  namespaces: Record<string, Record<string, unknown>>;
}

/** The page's first-screen block; absent (a page the browser draws itself) or invalid → undefined. */
export function readFirstScreen(doc: Document = document): FirstScreen | undefined {
  const text = doc.getElementById(FIRST_SCREEN_ID)?.textContent;
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (!isRecord(value) || !isRecord(value.namespaces)) return undefined;
    const namespaces = value.namespaces;
    if (!isLanguage(value.language) || !Object.values(namespaces).every(isRecord)) return undefined;
    return { language: value.language, namespaces: namespaces as FirstScreen['namespaces'] };
  } catch {
    return undefined;
  }
}
