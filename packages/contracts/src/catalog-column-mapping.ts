import { z } from 'zod';
import { titleLanguage } from './catalog-import.ts';

/**
 * A column mapping: how the columns of a catalogue export someone else wrote (ISO's open data, a publisher's
 * spreadsheet) become standard rows, so the file imports without editing. Each mapped column names its file
 * header and the import field it fills; the derivations (a reference → designation, content code, publisher
 * and store page id; a stage code → status; a date of any precision; a list with a separator) are
 * packages/db's `catalog-import/column-mapping.ts`. A store keeps its last used mapping (console).
 */

export const MAPPING_FIELDS = [
  /** A dated reference ("ISO 13849-1:2015"): the designation, and what is not mapped otherwise is derived. */
  'reference',
  'contentCode',
  'assetId',
  'designation',
  /** The title shown where the reader's language has none; else the English one, else the first. */
  'title',
  /** A title in one language (`language`): titles[language]. */
  'titles',
  'publisherCode',
  'committeeDesignation',
  /** active / withdrawn / historical, as the catalogue CSV writes it. */
  'status',
  /** A harmonized stage code ("60.60", or "6060" as ISO's export writes it) → status. */
  'stage',
  'edition',
  /** A date as precise as the file knows it: 2006, 2006-11 or 2006-11-30 (a time after it is read past). */
  'publishedOn',
  /** When it was last confirmed, reapproved or reaffirmed: 2019, 2019-03 or 2019-03-15 (review forecasts). */
  'confirmedOn',
  /** Codes separated by `separator` (default ";"); a list written ['a','b'] is read too. */
  'icsCodes',
  'industryAreas',
  /** One content code, or the `sourceId` of another row of the file (a list written ['…'] gives its first). */
  'replacedBy',
  /** The standards this one replaces: content codes, or `sourceId`s of other rows of the file. */
  'replaces',
  /** The file's own id of a row (ISO's numeric `id`), which its `replaces` and `replacedBy` name. */
  'sourceId',
  'adopts',
  /** The standards it cites normatively, informatively: designations separated by `separator` (default ";"). */
  'references',
  'informativeReferences',
] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];

/** Fields holding several values in one cell. */
export const MAPPING_LIST_FIELDS: ReadonlySet<MappingField> = new Set([
  'icsCodes',
  'industryAreas',
  'replaces',
  'references',
  'informativeReferences',
]);

export const mappedColumn = z
  .object({
    /** The file's header, as written (matched exactly, after trimming). */
    header: z.string().trim().min(1).max(200),
    field: z.enum(MAPPING_FIELDS),
    /** The title's language, for `titles` only. */
    language: titleLanguage.optional(),
    /** The list separator, for `icsCodes` and `industryAreas` only (default ";"). */
    separator: z.string().min(1).max(3).optional(),
  })
  .strict();
export type MappedColumn = z.infer<typeof mappedColumn>;

/** Which field may come from another when not mapped: the need is met by any of them. */
const NEEDS: Array<{ name: string; anyOf: MappingField[] }> = [
  { name: 'designation', anyOf: ['reference', 'designation'] },
  { name: 'title', anyOf: ['title', 'titles'] },
  { name: 'status', anyOf: ['status', 'stage'] },
  { name: 'publishedOn', anyOf: ['publishedOn'] },
];

export const catalogColumnMapping = z
  .object({ columns: z.array(mappedColumn).min(1).max(100) })
  .strict()
  .superRefine(({ columns }, ctx) => {
    const fields = new Set<string>();
    const headers = new Set<string>();
    columns.forEach((column, i) => {
      const at = (key: string) => ['columns', i, key];
      const name = column.field === 'titles' ? `titles.${column.language ?? ''}` : (column.field as string);
      if (headers.has(column.header))
        ctx.addIssue({
          code: 'custom',
          path: at('header'),
          message: `column "${column.header}" is mapped twice`,
        });
      headers.add(column.header);
      if (fields.has(name))
        ctx.addIssue({
          code: 'custom',
          path: at('field'),
          message: `field ${name} is mapped from two columns`,
        });
      fields.add(name);
      if (column.field === 'titles' && !column.language)
        ctx.addIssue({ code: 'custom', path: at('language'), message: 'field titles needs a language' });
      if (column.field !== 'titles' && column.language)
        ctx.addIssue({
          code: 'custom',
          path: at('language'),
          message: `field ${column.field} has no language`,
        });
      if (column.separator && !MAPPING_LIST_FIELDS.has(column.field))
        ctx.addIssue({
          code: 'custom',
          path: at('separator'),
          message: `field ${column.field} is not a list`,
        });
    });
    const mapped = new Set(columns.map((c) => c.field));
    for (const need of NEEDS) {
      if (!need.anyOf.some((f) => mapped.has(f)))
        ctx.addIssue({
          code: 'custom',
          path: ['columns'],
          message: `field ${need.name} is not mapped (map a column to ${need.anyOf.join(' or ')})`,
        });
    }
  });
export type CatalogColumnMapping = z.infer<typeof catalogColumnMapping>;

/** A header as people write it: "Published On", "published_on", "publishedOn" → "publishedon". */
const loose = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Loose names of each field, as exports name their columns (ISO's open data among them). */
const FIELD_NAMES: Record<Exclude<MappingField, 'titles'>, string[]> = {
  reference: ['reference', 'ref', 'standard', 'standardreference', 'documentreference'],
  contentCode: ['contentcode'],
  assetId: ['assetid'],
  designation: ['designation', 'number', 'documentnumber'],
  title: ['title', 'name'],
  publisherCode: ['publishercode', 'publisher', 'originator', 'sdo'],
  committeeDesignation: ['committeedesignation', 'ownercommittee', 'committee', 'tc', 'tcsc'],
  status: ['status'],
  stage: ['currentstage', 'stage', 'stagecode'],
  edition: ['edition', 'version'],
  publishedOn: ['publishedon', 'publicationdate', 'pubdate', 'published', 'releasedate', 'date'],
  confirmedOn: ['confirmedon', 'confirmed', 'confirmationdate', 'lastconfirmed', 'reapproved', 'reaffirmed'],
  icsCodes: ['icscodes', 'icscode', 'ics'],
  industryAreas: ['industryareas', 'industryarea'],
  // ISO's `replaces`/`replacedBy` hold its numeric ids, which name rows by its `id` column (sourceId): an id of
  // no row of the file stays as written, so a column of content codes under these names reads the same.
  replacedBy: ['replacedby', 'supersededby'],
  replaces: ['replaces', 'supersedes'],
  sourceId: ['id', 'sourceid', 'recordid', 'deliverableid'],
  adopts: ['adopts'],
  references: ['references', 'normativereferences', 'cites'],
  informativeReferences: ['informativereferences', 'bibliography'],
};
const FIELD_OF_NAME = new Map(
  Object.entries(FIELD_NAMES).flatMap(([field, names]) => names.map((n) => [n, field as MappingField])),
);
/** "title.fr", "title_fr", "Title (fr)", "titleFr" → fr. */
const TITLE_LANGUAGE = /^title[\s._-]*\(?([a-z]{2,3}(?:-[a-z0-9]{2,8})?)\)?$/i;

/**
 * The mapping a file's headers suggest: the saved mapping's columns this file has, then loose name matches
 * for the other headers (a field taken once).
 */
export function suggestColumnMapping(
  headers: readonly string[],
  saved?: CatalogColumnMapping | null,
): MappedColumn[] {
  const present = new Set(headers.map((h) => h.trim()));
  const columns = (saved?.columns ?? []).filter((c) => present.has(c.header));
  const taken = new Set(columns.map((c) => (c.field === 'titles' ? `titles.${c.language}` : c.field)));
  const usedHeaders = new Set(columns.map((c) => c.header));
  for (const raw of headers) {
    const header = raw.trim();
    if (!header || usedHeaders.has(header)) continue;
    const language = TITLE_LANGUAGE.exec(header)?.[1]?.toLowerCase();
    const field: MappingField | undefined = language ? 'titles' : FIELD_OF_NAME.get(loose(header));
    if (!field) continue;
    const key = field === 'titles' ? `titles.${language}` : field;
    if (taken.has(key)) continue;
    taken.add(key);
    usedHeaders.add(header);
    columns.push(field === 'titles' ? { header, field, language } : { header, field });
  }
  return columns;
}
