import type { CatalogImportColumnsAnswer, MappingField } from '@trackwell/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type MappingDraft, mappingChoices } from '../lib/mapping-draft.ts';

/**
 * The column-mapping step, for a CSV or XLSX file whose header the importer does not know (another body's
 * export, such as ISO's open data): each of the file's columns with its first value and a select of what
 * it is imported as (pre-filled from the store's saved mapping and loose name matches), then the first
 * rows as they will be read. Saved with the dry run; the errors the server names are listed here.
 */
export function ColumnMappingStep({
  columns,
  draft,
  errors,
  disabled,
  onChange,
}: {
  columns: CatalogImportColumnsAnswer;
  draft: MappingDraft;
  errors: string[];
  disabled: boolean;
  onChange: (draft: MappingDraft) => void;
}) {
  const { t } = useTranslation('console-catalog');
  const id = useId();
  const label = useChoiceLabel();
  const mapped = columns.headers.flatMap((header, index) =>
    draft[header] ? [{ index, name: label(draft[header]) }] : [],
  );
  return (
    <fieldset className="tw-catalog__mapping mb-3" aria-describedby={`${id}-intro`}>
      <legend className="h6">{t('mapping.title')}</legend>
      <p id={`${id}-intro`} className="text-body-secondary">
        {t('mapping.intro')}
      </p>
      {errors.length > 0 ? (
        <div className="alert alert-danger" role="alert">
          <p className="mb-1">{t('mapping.errors')}</p>
          <ul className="mb-0">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <MappingTable columns={columns} draft={draft} disabled={disabled} onChange={onChange} />
      {mapped.length > 0 && columns.rows.length > 0 ? (
        <MappedPreview rows={columns.rows} mapped={mapped} />
      ) : null}
    </fieldset>
  );
}

/** A choice's name: a field, or "Title (FR)". */
function useChoiceLabel() {
  const { t } = useTranslation('console-catalog');
  return (choice: string): string => {
    const [field, language] = choice.split(':') as [Exclude<MappingField, 'titles'>, string | undefined];
    return language
      ? t('mapping.fields.titleIn', { language: language.toUpperCase() })
      : t(`mapping.fields.${field}`);
  };
}

/** Each column of the file, its first value, and the select of what it is imported as. */
function MappingTable({
  columns,
  draft,
  disabled,
  onChange,
}: {
  columns: CatalogImportColumnsAnswer;
  draft: MappingDraft;
  disabled: boolean;
  onChange: (draft: MappingDraft) => void;
}) {
  const { t } = useTranslation('console-catalog');
  const id = useId();
  const label = useChoiceLabel();
  const choices = mappingChoices(columns.suggested);
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle">
        <caption>{t('mapping.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('mapping.column')}</th>
            {/* On a phone the column and its select fit; the preview below shows the values. */}
            <th scope="col" className="d-none d-sm-table-cell">
              {t('mapping.firstValue')}
            </th>
            <th scope="col">{t('mapping.importedAs')}</th>
          </tr>
        </thead>
        <tbody>
          {columns.headers.map((header, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional; headers may repeat
            <tr key={index}>
              <th scope="row">
                <label htmlFor={`${id}-${index}`} className="mb-0">
                  <bdi>{header}</bdi>
                </label>
              </th>
              <td className="tw-catalog__sample d-none d-sm-table-cell">
                <bdi>{columns.rows[0]?.[index] ?? ''}</bdi>
              </td>
              <td>
                <select
                  id={`${id}-${index}`}
                  className="form-select form-select-sm"
                  value={draft[header] ?? ''}
                  disabled={disabled}
                  onChange={(event) => onChange({ ...draft, [header]: event.target.value })}
                >
                  <option value="">{t('mapping.notImported')}</option>
                  {choices.map((choice) => (
                    <option key={choice} value={choice}>
                      {label(choice)}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The file's first rows as they will be read: one column per mapped column, named by its field. */
function MappedPreview({
  rows,
  mapped,
}: {
  rows: string[][];
  mapped: Array<{ index: number; name: string }>;
}) {
  const { t } = useTranslation('console-catalog');
  const captionId = useId();
  return (
    // Wider than a phone and holding nothing to focus: the box itself takes the focus, so the keyboard can
    // scroll it (axe: scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="table-responsive" tabIndex={0} aria-labelledby={captionId}>
      <table className="table table-sm">
        <caption id={captionId}>{t('mapping.preview', { count: rows.length })}</caption>
        <thead>
          <tr>
            {mapped.map((m) => (
              <th key={m.index} scope="col">
                {m.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the file's first rows, in order
            <tr key={r}>
              {mapped.map((m) => (
                <td key={m.index} className="tw-catalog__sample">
                  <bdi>{row[m.index] ?? ''}</bdi>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
