import { readFileSync } from 'node:fs';
import type { ImportRowOf, ParsedCatalogImport } from '@trackwell/contracts';

/** What the citation tests share: the real DIN EN ISO 13849-1 with its reference lists, and a catalogue CSV. */

export const DIN_REFERENCES = readFileSync(
  new URL('./fixtures/sts/public/DIN_EN_ISO_13849-1_2008-12_en_TBX.references.xml', import.meta.url),
);
export const NORMATIVE = [
  'ISO 12100-1:2003',
  'ISO 12100-2:2003',
  'ISO 13849-2:2003',
  'ISO 14121',
  'IEC 60050-191:1990',
  'IEC 61508-3:1998',
  'IEC 61508-4:1998',
];

export const standardsOf = (parsed: ParsedCatalogImport) =>
  parsed.rows.flatMap((r) => (r.value.kind === 'standard' ? [r.value as ImportRowOf<'standard'>] : []));

/** Cited standards the DIN file names, as a catalogue CSV of several kinds (ISO 14121 comes later). */
export const HEAD =
  'kind,code,name,designation,title,publisher_code,content_code,asset_id,committee_designation,status,edition,published_on';
export const CITED_CSV = [
  `${HEAD},references`,
  'publisher,ISO,ISO,,,,,,,,,,',
  'publisher,IEC,IEC,,,,,,,,,,',
  'committee,,,ISO/TC 199,Safety of machinery,ISO,,,,,,,',
  'committee,,,IEC/TC 44,Safety of machinery,IEC,,,,,,,',
  'standard,,,ISO 13849-2:2003,Validation,ISO,ISO 13849-2,iso-13849-2-2003,ISO/TC 199,active,2003,2003-08-01,ISO 12100-1:2003',
  'standard,,,IEC 62061:2005,Functional safety,IEC,IEC 62061,iec-62061-2005,IEC/TC 44,active,2005,2005-01-01,',
].join('\n');
