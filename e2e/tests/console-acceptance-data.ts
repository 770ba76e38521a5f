/**
 * The files the console acceptance journey (console-acceptance.spec.ts) uploads, made here: acme's logo,
 * a 50-standard catalogue CSV (a publisher, two committees, 25 standards each) and a small NISO STS XML
 * file of two more standards.
 */

export const ACME = {
  code: 'acme',
  name: 'Acme Standards',
  host: 'acme.localhost',
  primary: '#7a1f5c',
  publisher: 'ACME',
  /** The committee the reader tracks, and one they do not. */
  tracked: 'ACME-TC1',
  untracked: 'ACME-TC2',
} as const;

/** A square logo: a primary-coloured tile with a white "A" drawn as a path (no text, no script). */
export const ACME_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
  <rect width="64" height="64" rx="12" fill="${ACME.primary}"/>
  <path d="M32 10 L52 54 H42 L38 44 H26 L22 54 H12 Z M29 36 H35 L32 27 Z" fill="#ffffff"/>
</svg>`;

/** The content code of the n-th standard (1–50) of the CSV. */
export const acmeContentCode = (n: number) => `ACME A${String(n).padStart(3, '0')}`;

/** Standards 1–25 belong to the tracked committee, 26–50 to the other. */
export function acmeCatalogCsv(): string {
  const header =
    'kind,code,name,designation,title,publisher_code,content_code,asset_id,committee_designation,status,edition,published_on';
  const standards = Array.from({ length: 50 }, (_, i) => {
    const n = i + 1;
    const committee = n <= 25 ? ACME.tracked : ACME.untracked;
    const designation = `A${String(n).padStart(3, '0')}-24`;
    return `standard,,,${designation},"Acme method ${n}, general requirements",${ACME.publisher},${acmeContentCode(n)},acme-a${n},${committee},active,2024,2024-03-${String((n % 28) + 1).padStart(2, '0')}`;
  });
  return [
    header,
    `publisher,${ACME.publisher},Acme Standards Body,,,,,,,,,`,
    `committee,,,${ACME.tracked},Acme Technical Committee 1,${ACME.publisher},,,,,,`,
    `committee,,,${ACME.untracked},Acme Technical Committee 2,${ACME.publisher},,,,,,`,
    ...standards,
  ].join('\n');
}

/** Two standards of the tracked committee as NISO STS `std-meta` records. */
export function acmeStsXml(): string {
  const meta = (number: string, title: string, date: string) => `  <std-meta>
    <title-wrap xml:lang="en"><main>${title}</main></title-wrap>
    <std-ident><originator>${ACME.publisher}</originator><doc-type>standard</doc-type><doc-number>${number}</doc-number><edition>2025</edition></std-ident>
    <std-ref type="dated">${ACME.publisher} ${number}-25</std-ref>
    <release-date date-type="published" iso-8601-date="${date}">${date}</release-date>
    <comm-ref>${ACME.tracked}</comm-ref>
    <ics>91.140.60</ics>
  </std-meta>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<collection>',
    meta('X101', 'Acme water quality sampling', '2025-02-01'),
    meta('X102', 'Acme water quality &amp; safety', '2025-06-15'),
    '</collection>',
  ].join('\n');
}
