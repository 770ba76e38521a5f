import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

/**
 * Tenant logos are SVG, and SVG can carry script. A logo is served as an image with its own strict CSP, but
 * it is also refused at write time if it holds anything active or external, so a hostile tenant value never
 * reaches storage. The judge is not a pattern: the logo is parsed as the browser parses it (XML with
 * namespaces, entities decoded: jsdom) and handed to DOMPurify with its SVG profile; a logo is refused when
 * DOMPurify would remove anything from it (a `<s:script>` under another prefix, an `<h:script>` in the XHTML
 * namespace, `<foreignObject>`, `<animate>`/`<set>` that could write an attribute, an event handler), when a
 * reference leads anywhere but into the logo itself or an embedded PNG/JPEG, or when its CSS could fetch or
 * escape (`url(`, `@import`, a backslash escape), judged on the decoded text.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** Besides fragments, only a base64 PNG or JPEG embedded whole (the console's raster logo wrapper). */
const SAFE_REFERENCE = /^(?:#[\w.:-]*|data:image\/(?:png|jpeg);base64,[A-Za-z0-9+/]*={0,2})$/;
/** CSS that can fetch, import or hide a word behind an escape; `url(#id)` (a gradient, a filter) is fine. */
const UNSAFE_CSS = /\\|@import|url\(\s*["']?(?!#)|expression\(|javascript:/i;

/** The little of the DOM this file reads (the db package is built without the DOM's types). */
interface DomNode {
  nodeName: string;
  nodeType: number;
  textContent: string | null;
}
interface DomElement extends DomNode {
  namespaceURI: string | null;
  localName: string;
}
interface DomAttr {
  name: string;
  namespaceURI: string | null;
}

type Purifier = {
  sanitize(svg: string, config: object): string;
  addHook(
    name: string,
    hook: (node: DomElement, data: { attrName?: string; attrValue?: string; keepAttr?: boolean }) => void,
  ): void;
  removed: Array<{ element?: DomNode; attribute?: DomAttr | null; from?: DomNode }>;
};
type Jsdom = new (
  markup: string,
  options?: { contentType?: string },
) => { window: { document: { documentElement: DomElement | null } } & object };

let loaded: { JSDOM: Jsdom; purifier: Purifier; cssProblems: string[] } | undefined;

/** jsdom and DOMPurify, loaded on first use (they are large; most processes never judge a logo). */
function load() {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const { JSDOM } = require('jsdom') as { JSDOM: Jsdom };
  const createPurifier = require('dompurify') as (window: object) => Purifier;
  const purifier = createPurifier(new JSDOM('').window);
  const cssProblems: string[] = [];
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    const name = (data.attrName ?? '').toLowerCase();
    const value = data.attrValue ?? '';
    if ((name === 'href' || name === 'xlink:href') && !SAFE_REFERENCE.test(value.trim()))
      data.keepAttr = false;
    if (name === 'style' && UNSAFE_CSS.test(value))
      cssProblems.push(`a style attribute on <${node.nodeName}>`);
  });
  purifier.addHook('uponSanitizeElement', (node) => {
    if (node.nodeName === 'style' && UNSAFE_CSS.test(node.textContent ?? ''))
      cssProblems.push('a <style> element');
  });
  loaded = { JSDOM, purifier, cssProblems };
  return loaded;
}

/**
 * Parsed as XML (as the browser parses an image/svg+xml file), names keep their case, while DOMPurify's SVG
 * lists are lower-case: its allowed camelCase names are added as written.
 */
const CAMEL_CASE_TAGS = [
  'clipPath',
  'linearGradient',
  'radialGradient',
  'textPath',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
];
const CAMEL_CASE_ATTRIBUTES = [
  'viewBox',
  'preserveAspectRatio',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'pathLength',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'filterUnits',
  'primitiveUnits',
  'stdDeviation',
  'baseFrequency',
  'numOctaves',
  'stitchTiles',
  'tableValues',
  'kernelMatrix',
  'kernelUnitLength',
  'diffuseConstant',
  'specularConstant',
  'specularExponent',
  'surfaceScale',
  'limitingConeAngle',
  'pointsAtX',
  'pointsAtY',
  'pointsAtZ',
  'edgeMode',
  'preserveAlpha',
  'targetX',
  'targetY',
  'xChannelSelector',
  'yChannelSelector',
  'systemLanguage',
];

const PURIFY = {
  USE_PROFILES: { svg: true, svgFilters: true },
  PARSER_MEDIA_TYPE: 'application/xhtml+xml',
  NAMESPACE: SVG_NS,
  ADD_TAGS: CAMEL_CASE_TAGS,
  ADD_ATTR: [...CAMEL_CASE_ATTRIBUTES, 'role', 'aria-label', 'aria-hidden', 'aria-labelledby'],
  // Animation can write any attribute (`<set attributeName="onload">`, `<animate values="javascript:…">`).
  FORBID_TAGS: ['foreignObject', 'animate', 'set', 'animateMotion', 'animateTransform', 'discard'],
};

/** What DOMPurify took out, as problems; namespace declarations and its own wrapper are not the logo's. */
function removedProblems(removed: Purifier['removed']): string[] {
  const problems = new Set<string>();
  for (const r of removed) {
    if (r.element) {
      const name = r.element.nodeName;
      if (name === 'template' || r.element.nodeType !== 1) continue;
      problems.add(`must not contain <${name}> elements`);
    } else if (
      r.attribute &&
      r.attribute.namespaceURI !== XMLNS_NS &&
      !r.attribute.name.startsWith('xmlns')
    ) {
      problems.add(`must not contain the attribute ${r.attribute.name} on <${r.from?.nodeName ?? '?'}>`);
    }
  }
  return [...problems];
}

const verdicts = new Map<string, string[]>(); // the same logo is judged once (stores share test and seed logos)

/**
 * The SHA-256 of the demo stores' own logos (seed/logos.ts), each judged clean by `judgeSvg` whenever the tests
 * run: seed-catalogue.test.ts fails unless this is exactly the set of the demo logos' digests and `judgeSvg`
 * passes every one of them. The seed of a machine's first start writes them, and would otherwise load jsdom
 * and DOMPurify for them: about 86 MB resident for the rest of the process (bench/startup). Any other logo,
 * and a changed demo logo, is judged.
 */
export const DEMO_LOGOS_JUDGED_CLEAN: ReadonlySet<string> = new Set([
  'be565cfa61f12c4cff2e96150403cd3f22dd12598e1c6a9959d6e470fd1cbb07', // trackwell
  'ffff24647fa409c408d7bad6b490f65a49c934ddbc40265e15454f68ec6e0460', // awwa
  '499b5e31bdeb497e8fece5f42d2b761273b08c94d5446e1d4041748c6c5b30ce', // aenor
  'ff128fb0255ab0a839339242af03dbfce4ee4054dfa1df497aa11fa882650627', // nordic
  'eef63b1c76a762071288ee02ffa9e7fddcfc8c256dac96acce3a26a8f4ce4cb5', // pacific
]);

/** The SHA-256 of a logo, as DEMO_LOGOS_JUDGED_CLEAN holds them. */
export const logoDigest = (svg: string) => createHash('sha256').update(svg).digest('hex');

/** What is wrong with a tenant's logo: nothing (`[]`), or each problem. */
export function svgProblems(svg: string): string[] {
  const known = verdicts.get(svg);
  if (known) return known;
  if (DEMO_LOGOS_JUDGED_CLEAN.has(logoDigest(svg))) return [];
  const problems = judgeSvg(svg);
  if (verdicts.size >= 200) verdicts.delete(verdicts.keys().next().value as string);
  verdicts.set(svg, problems);
  return problems;
}

/** The judge itself: the logo parsed as a browser parses it and handed to DOMPurify (the file's comment). */
export function judgeSvg(svg: string): string[] {
  if (!/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(svg) || !/<\/svg>\s*$/i.test(svg))
    return ['must be one <svg> document'];
  if (/<!(?:DOCTYPE|ENTITY)/i.test(svg)) return ['must not contain a DOCTYPE or entity declarations'];
  const { JSDOM, purifier, cssProblems } = load();
  let root: DomElement | null;
  try {
    root = new JSDOM(svg, { contentType: 'image/svg+xml' }).window.document.documentElement;
  } catch {
    return ['must be well-formed XML'];
  }
  if (root?.namespaceURI !== SVG_NS || root.localName !== 'svg')
    return [`must be one <svg> document in the SVG namespace (xmlns="${SVG_NS}")`];
  cssProblems.length = 0;
  purifier.sanitize(svg, PURIFY);
  const problems = removedProblems(purifier.removed);
  for (const where of new Set(cssProblems)) problems.push(`must not fetch or escape in CSS (${where})`);
  return problems;
}
