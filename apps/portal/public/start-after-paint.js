// A page whose first screen the server drew needs its scripts to work, not to show. The server
// gives such a page this script in place of the portal's entry and its preloads
// (apps/server/src/modules/portal/server-render.ts). Once the first frame is painted, it fetches the
// entry's and the screen's chunks (`data-chunks`) all at once; it runs the library chunks (`data-libraries`:
// React, the other libraries; no code of the portal's) one by one, yielding to the browser in between, so
// that each is a task of its own rather than one long task for all; then the entry (`data-entry`), which
// hydrates the screen. (The portal's own modules run in the entry's order: its first import configures zod.)
// Until then the network and the main thread belong to what paints. A plain script file: the page's CSP
// allows scripts from this origin only.
(() => {
  const script = document.currentScript;
  const entry = script?.dataset.entry;
  if (!entry) return;
  const list = (value) => (value ?? '').split(' ').filter(Boolean);
  const nextTask = () => new Promise((resolve) => setTimeout(resolve));
  const start = async () => {
    await nextTask();
    for (const href of list(script.dataset.chunks)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    for (const href of list(script.dataset.libraries)) {
      await import(href).catch(() => undefined); // the entry imports it again, and reports a failure
      await nextTask();
    }
    await import(entry);
  };
  // A frame callback runs just before the first paint; the task after it, once that frame is painted.
  // A background tab paints nothing, so no frame would come: start at once.
  if (document.visibilityState === 'visible') requestAnimationFrame(() => void start());
  else void start();
})();
