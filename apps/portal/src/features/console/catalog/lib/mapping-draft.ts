import {
  type CatalogColumnMapping,
  MAPPING_FIELDS,
  MAPPING_LIST_FIELDS,
  type MappedColumn,
  type MappingField,
} from '@trackwell/contracts';

/**
 * The mapping step's choices: per file header, what it is imported as — '' (not imported), a field, or
 * `titles:<language>` (a title in that language). Turned into the contracts' column mapping on save.
 */
export type MappingDraft = Record<string, string>;

/** The languages a title column may be offered in, beyond those the file's headers name. */
const TITLE_LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'pt', 'ru', 'ar', 'zh', 'ja', 'ko', 'tr'];

/** Every choice a header's select offers, in order (titles per language after `title`). */
export function mappingChoices(suggested: readonly MappedColumn[]): string[] {
  const languages = [
    ...new Set([...suggested.flatMap((c) => (c.language ? [c.language] : [])), ...TITLE_LANGUAGES]),
  ];
  return MAPPING_FIELDS.flatMap((field) =>
    field === 'titles' ? languages.map((l) => `titles:${l}`) : [field],
  );
}

export const choiceOf = (column: MappedColumn) =>
  column.field === 'titles' ? `titles:${column.language}` : column.field;

export function draftOf(headers: readonly string[], suggested: readonly MappedColumn[]): MappingDraft {
  const byHeader = new Map(suggested.map((c) => [c.header, choiceOf(c)]));
  return Object.fromEntries(headers.map((h) => [h, byHeader.get(h) ?? '']));
}

/** The draft as the contracts' mapping (validated by the server; the portal shows its answer). */
export function mappingOf(draft: MappingDraft, suggested: readonly MappedColumn[]): CatalogColumnMapping {
  const separators = new Map(suggested.flatMap((c) => (c.separator ? [[c.header, c.separator]] : [])));
  const columns: MappedColumn[] = Object.entries(draft).flatMap(([header, choice]) => {
    if (!choice) return [];
    const [field, language] = choice.split(':') as [MappingField, string | undefined];
    const separator = MAPPING_LIST_FIELDS.has(field) ? separators.get(header) : undefined;
    return [{ header, field, ...(language ? { language } : {}), ...(separator ? { separator } : {}) }];
  });
  return { columns };
}
