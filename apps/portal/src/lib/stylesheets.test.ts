import { afterEach, describe, expect, it } from 'vitest';
import { loadStylesheet } from './stylesheets.ts';

function sheetsInHead(): string[] {
  return [...document.head.querySelectorAll('link[rel="stylesheet"], style')].map(
    (el) => el.getAttribute('href') ?? 'app-style',
  );
}

describe('loadStylesheet: a fixed cascade order, whatever loads first', () => {
  afterEach(() => {
    document.head.querySelectorAll('style').forEach((el) => {
      el.remove();
    });
  });

  it('puts Bootstrap before the app CSS and the theme after everything', async () => {
    document.head.append(document.createElement('style')); // the app's own CSS, already in place
    await loadStylesheet('theme', '/assets/acme/theme.css');
    await loadStylesheet('base', '/app/bootstrap.min.css');

    expect(sheetsInHead()).toEqual(['/app/bootstrap.min.css', 'app-style', '/assets/acme/theme.css']);
  });

  it('swaps the Bootstrap build in place when the direction changes, once the new one has loaded', async () => {
    document.head.append(document.createElement('style'));
    await loadStylesheet('base', '/app/bootstrap.min.css');
    await loadStylesheet('theme', '/assets/acme/theme.css');

    const swap = loadStylesheet('base', '/app/bootstrap.rtl.min.css');
    // Until the RTL build is in, the LTR one stays: no unstyled moment.
    expect(sheetsInHead()).toContain('/app/bootstrap.min.css');
    await swap;

    expect(sheetsInHead()).toEqual(['/app/bootstrap.rtl.min.css', 'app-style', '/assets/acme/theme.css']);
  });

  it('does not add the same stylesheet twice', async () => {
    await Promise.all([loadStylesheet('theme', '/t.css'), loadStylesheet('theme', '/t.css')]);
    expect(document.head.querySelectorAll('link[data-tw-slot="theme"]')).toHaveLength(1);
  });
});
