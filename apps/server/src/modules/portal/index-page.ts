/** The id of the data block that carries the store's configuration in the served page. */
export const EMBEDDED_CONFIG_ID = 'tw-tenant-config';

/**
 * A JSON value as the text of a `<script type="application/json">` data block: `<` is escaped, so no value
 * (a store's name, an intro paragraph) can close the element or open a comment; U+2028/2029 too, for old
 * parsers. The block is data, never run: the page's script-src CSP does not apply to it.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/**
 * The portal's index.html with the store's configuration answer (the same value POST
 * /config/get-tenant-configuration-for-ui gives) in a data block at the end of `<head>`, after the first
 * screen's preload `hints` (./first-screen-hints.ts): the first screen then needs no configuration round
 * trip before it can pick the language and draw.
 */
export function embedTenantConfig(html: string, configAnswer: unknown, hints = ''): string {
  const block = `${hints}${tenantConfigBlock(configAnswer)}`;
  const at = html.indexOf('</head>');
  return at === -1 ? `${block}${html}` : `${html.slice(0, at)}${block}${html.slice(at)}`;
}

/** The data block with the store's configuration answer. */
export function tenantConfigBlock(configAnswer: unknown): string {
  return `<script type="application/json" id="${EMBEDDED_CONFIG_ID}">${jsonForScriptElement(configAnswer)}</script>`;
}
