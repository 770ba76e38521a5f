/**
 * Tenant logos are SVG, and SVG can carry script. A logo is served as an image with its own strict CSP,
 * but it is also refused at write time if it holds anything active or external, so a hostile tenant value
 * never reaches storage.
 */
const FORBIDDEN: Array<[RegExp, string]> = [
  [/<script[\s>/]/i, 'script elements'],
  [/<foreignObject[\s>/]/i, 'foreignObject elements'],
  [/<(iframe|embed|object|audio|video|handler|listener)[\s>/]/i, 'embedded content'],
  [/\son[a-z]+\s*=/i, 'event-handler attributes'],
  // Besides fragments, only a base64 PNG or JPEG embedded whole (the console's raster logo wrapper, see
  // rasterLogoSvg in the server): nothing after the base64 but the closing quote.
  [
    /(?:href|src)\s*=\s*(["'])\s*(?!#|data:image\/(?:png|jpeg);base64,[A-Za-z0-9+/]*={0,2}\1)[^"']*/i,
    'references to other resources',
  ],
  [/javascript:/i, 'javascript: URLs'],
  [/<!ENTITY/i, 'entity declarations'],
  [/@import|url\(\s*["']?(?!#)/i, 'external CSS references'],
];

export function svgProblems(svg: string): string[] {
  const problems: string[] = [];
  if (!/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(svg) || !/<\/svg>\s*$/i.test(svg))
    problems.push('must be one <svg> document');
  for (const [pattern, what] of FORBIDDEN) if (pattern.test(svg)) problems.push(`must not contain ${what}`);
  return problems;
}
