import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom does not fetch stylesheets, so a <link rel="stylesheet"> never fires `load`. Stand in for the
// browser: every stylesheet link added to <head> "loads" on the next tick.
const stylesheetLoader = new MutationObserver((mutations) => {
  for (const mutation of mutations) {
    for (const node of mutation.addedNodes) {
      if (node instanceof HTMLLinkElement && node.rel === 'stylesheet') {
        setTimeout(() => node.dispatchEvent(new Event('load')), 0);
      }
    }
  }
});
stylesheetLoader.observe(document.head, { childList: true });

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  document.head.querySelectorAll('link[data-tw-slot]').forEach((link) => {
    link.remove();
  });
  document.title = '';
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
});
