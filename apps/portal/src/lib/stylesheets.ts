import { STYLESHEET_TIMEOUT_MS } from '../config/constants.ts';

/**
 * Loads stylesheets in a fixed cascade order, whatever order they finish loading in:
 *
 *   1. `base`   – Bootstrap (LTR or RTL build), inserted before the app's own CSS
 *   2. the app's own CSS (the bundle's <link>, or Vite's <style> in dev)
 *   3. `theme`  – the tenant theme stylesheet, appended last so its custom properties win
 *
 * Each promise settles when the sheet has loaded, failed, or after a timeout, so a slow or broken
 * stylesheet never keeps the page from showing.
 */
export type StylesheetSlot = 'base' | 'theme';

const pending = new Map<string, Promise<void>>();

export function loadStylesheet(slot: StylesheetSlot, href: string): Promise<void> {
  const current = document.head.querySelector<HTMLLinkElement>(`link[data-tw-slot="${slot}"]`);
  const key = `${slot} ${href}`;
  if (current?.getAttribute('href') === href) {
    return pending.get(key) ?? Promise.resolve();
  }

  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.dataset.twSlot = slot;

  const loaded = new Promise<void>((resolve) => {
    const done = () => {
      window.clearTimeout(timer);
      // Swap only once the new sheet is in, so there is no unstyled moment (e.g. LTR → RTL Bootstrap).
      if (current?.isConnected) current.remove();
      resolve();
    };
    const timer = window.setTimeout(done, STYLESHEET_TIMEOUT_MS);
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
  });
  pending.set(key, loaded);

  if (slot === 'theme') {
    document.head.append(link);
  } else {
    const firstSheet = document.head.querySelector('link[rel="stylesheet"], style');
    document.head.insertBefore(link, current ?? firstSheet);
  }
  return loaded;
}
