// Issue 12 §1: a page whose first screen the server drew needs its scripts to work, not to show. The server
// gives such a page this script in place of the portal's entry and its preloads
// (apps/server/src/modules/portal/server-render.ts). Once the first frame is painted, it fetches the
// entry's and the screen's chunks (`data-chunks`, dependencies first) all at once, runs them one by one,
// yielding to the browser in between (each chunk is a task of its own, not one long task for all), then
// the entry (`data-entry`), which hydrates the screen. Until then the network and the main thread belong to
// what paints. A plain script file: the page's CSP allows scripts from this origin only.
(() => {
  const script = document.currentScript;
  const entry = script?.dataset.entry;
  if (!entry) return;
  const chunks = (script.dataset.chunks ?? '').split(' ').filter(Boolean);
  const nextTask = () => new Promise((resolve) => setTimeout(resolve));
  const start = async () => {
    await nextTask();
    for (const href of chunks) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    for (const href of chunks) {
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
