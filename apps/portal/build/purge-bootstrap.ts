import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PurgeCSS } from 'purgecss';
import type { Plugin } from 'vite';

/**
 * The portal uses a small part of Bootstrap (grid, forms, buttons, a few utilities), yet every
 * visitor downloaded all of it (~230 KB raw, 96 % unused). Before the build, this keeps only the rules whose
 * selectors name a class, element or attribute written in the portal's sources, and the build imports that
 * purged copy instead of Bootstrap's file: the bundle's file name then hashes the purged content, so a
 * change of the kept rules is a new URL (the bundles are cached as immutable). Both builds (left-to-right
 * and right-to-left) are purged the same way.
 *
 * Classes the code composes at run time must be listed here, or their rules go: `btn-${variant}`
 * (components/forms/form-buttons.tsx).
 */
export const BOOTSTRAP_SAFELIST = {
  standard: [/^btn-/, 'html', 'body', 'was-validated', 'is-invalid', 'is-valid'],
  greedy: [/data-bs-theme/],
};

const BOOTSTRAP_FILES = ['bootstrap.min.css', 'bootstrap.rtl.min.css'];

/** Every source file of the portal (the text PurgeCSS reads class names from). */
function sourceTexts(portalRoot: string): string[] {
  const texts = [readFileSync(join(portalRoot, 'index.html'), 'utf8')];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        texts.push(readFileSync(path, 'utf8'));
      }
    }
  };
  walk(join(portalRoot, 'src'));
  return texts;
}

export async function purgeBootstrapCss(css: string, content: string[]): Promise<string> {
  const [result] = await new PurgeCSS().purge({
    content: content.map((raw) => ({ raw, extension: 'tsx' })),
    css: [{ raw: css }],
    safelist: BOOTSTRAP_SAFELIST,
    // Bootstrap's attribute selectors ([type=checkbox], [dir=rtl], [role=button]…) stay: these attributes
    // are written by React or the browser, not always as literal text PurgeCSS can find.
    dynamicAttributes: ['type', 'dir', 'role', 'disabled', 'readonly', 'multiple', 'size', 'aria-current'],
    fontFace: true,
    keyframes: true,
    // Custom properties stay: Bootstrap's rules and the tenant theme read them by name.
    variables: false,
  });
  if (!result) throw new Error('PurgeCSS returned nothing for Bootstrap');
  return result.css;
}

/** The Vite plugin (build only): Bootstrap's stylesheets resolve to purged copies under `.cache/`. */
export function purgeBootstrap(portalRoot: string): Plugin {
  const cacheDir = join(portalRoot, '.cache', 'bootstrap');
  const require = createRequire(join(portalRoot, 'package.json'));
  return {
    name: 'trackwell:purge-bootstrap',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      mkdirSync(cacheDir, { recursive: true });
      const content = sourceTexts(portalRoot);
      for (const file of BOOTSTRAP_FILES) {
        const original = readFileSync(require.resolve(`bootstrap/dist/css/${file}`), 'utf8');
        writeFileSync(join(cacheDir, file), await purgeBootstrapCss(original, content));
      }
    },
    resolveId(source) {
      const match = /^bootstrap\/dist\/css\/(bootstrap(?:\.rtl)?\.min\.css)(\?.*)?$/.exec(source);
      return match ? join(cacheDir, match[1]!) + (match[2] ?? '') : null;
    },
  };
}
