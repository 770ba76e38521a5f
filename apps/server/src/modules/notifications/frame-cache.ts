import { ACCOUNT_PREFERENCES_PATH } from '@trackwell/contracts';
import type { StoreMail } from './mail-content.ts';

/**
 * The compiled frames of the digest run's e-mails (digests, monthly status reports), kept while a worker
 * lives: one per key (store, language, …), at most 500 (then all dropped and compiled again as needed); a
 * compile that failed is forgotten, so the next digest tries again.
 */
export function frameCache<Frame>() {
  const compiled = new Map<string, Promise<Frame>>();
  return (key: string, compile: () => Promise<Frame>): Promise<Frame> => {
    let frame = compiled.get(key);
    if (!frame) {
      if (compiled.size > 500) compiled.clear();
      frame = compile();
      compiled.set(key, frame);
      frame.catch(() => compiled.delete(key));
    }
    return frame;
  };
}

/** The links such an e-mail carries: the store's tracker, and the preferences where it is turned off. */
export const frameLinks = (store: StoreMail) => ({
  trackerUrl: new URL('/', store.origin).toString(),
  preferencesUrl: new URL(ACCOUNT_PREFERENCES_PATH, store.origin).toString(),
});
