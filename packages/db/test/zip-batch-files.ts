/** STS files as publishers write them, for the ZIP batch tests (catalog-import-zip*.test.ts). */

/** One `std-meta` as publishers write it: titles in three languages, dated and undated references. */
export function stdMeta(n: number, options: { committee?: string; title?: string; area?: string } = {}) {
  return `<std-meta>
    <title-wrap xml:lang="de"><main>Prüfverfahren ${n}</main></title-wrap>
    <title-wrap xml:lang="en"><full>${options.title ?? `Test method ${n}`}</full></title-wrap>
    <title-wrap xml:lang="fr"><main>Méthode d'essai ${n}</main></title-wrap>
    <std-ident><originator>ZIPP</originator><doc-number>${n}</doc-number><edition>2</edition></std-ident>
    <std-ref type="undated">ZIPP ${n}</std-ref>
    <std-ref type="dated">ZIPP ${n}:2024</std-ref>
    <release-date>2024-05-01</release-date>
    <comm-ref>${options.committee ?? 'Z1'}</comm-ref>
    <ics>13.110</ics>
    ${options.area ? `<custom-meta-group><custom-meta><meta-name>industry-area</meta-name><meta-value>${options.area}</meta-value></custom-meta></custom-meta-group>` : ''}
  </std-meta>`;
}
export const stsFile = (...metas: string[]) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<standards>${metas.join('')}</standards>\n`);
