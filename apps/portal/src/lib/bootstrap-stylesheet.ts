import bootstrapLtrUrl from 'bootstrap/dist/css/bootstrap.min.css?url';
import bootstrapRtlUrl from 'bootstrap/dist/css/bootstrap.rtl.min.css?url';
import { loadStylesheet } from './stylesheets.ts';

/**
 * Bootstrap ships a separate right-to-left build; the page loads the one that matches the document's
 * direction (spec §4: Arabic is right to left). Both are bundled (hashed, same origin) and only one is fetched.
 */
export function loadBootstrap(dir: 'ltr' | 'rtl'): Promise<void> {
  return loadStylesheet('base', dir === 'rtl' ? bootstrapRtlUrl : bootstrapLtrUrl);
}
