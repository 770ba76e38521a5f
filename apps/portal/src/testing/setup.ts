import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetOktaAuthInstances } from '../features/auth/okta.ts';

// The first screen of a test loads the sign-in SDK and the screen's chunk, as the browser does: give slow CI
// machines room.
configure({ asyncUtilTimeout: 5000 });

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
  resetOktaAuthInstances();
  window.sessionStorage.clear();
  // The files of a worker share one window (vitest.config.ts): what one test leaves there, the next must not see.
  window.localStorage.clear();
  delete window.__trackwellEarlyAnswers;
  window.history.replaceState(null, '', '/');
  document.head.querySelectorAll('link[data-tw-slot]').forEach((link) => {
    link.remove();
  });
  document.title = '';
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
});
