import type { CatalogImportColumnsAnswer, MappingField } from '@trackwell/contracts';
import { useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../../components/ui/data-table/data-table.tsx';
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

/** A column of the file: its header, its place, and its first value. */
type FileColumn = { header: string; index: number; sample: string };

/**
 * Each column of the file, its first value, and the select of what it is imported as: the portal's DataTable
 * in the file's order (no column sorts: the order is the file's), one card per column below 640 px.
 */
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
  const rows = useMemo<FileColumn[]>(
    () => columns.headers.map((header, index) => ({ header, index, sample: columns.rows[0]?.[index] ?? '' })),
    [columns],
  );
  const tableColumns = useMappingColumns({
    choices: mappingChoices(columns.suggested),
    draft,
    disabled,
    onChange,
  });
  return (
    <DataTable
      caption={t('mapping.caption')}
      captionShown
      columns={tableColumns}
      rows={rows}
      // Columns are positional; headers may repeat.
      rowId={(column) => String(column.index)}
      status={{ isLoading: false }}
      empty={t('mapping.caption')}
      sortable={false}
      columnMenu={false}
    />
  );
}

/**
 * The mapping table's columns, made once: a cell is a component to React, so columns made anew on each
 * render would remount every select (the keyboard's focus lost at each choice). What changes (the draft, the
 * handler) is read from a ref as each cell renders.
 */
function useMappingColumns(live: {
  choices: string[];
  draft: MappingDraft;
  disabled: boolean;
  onChange: (draft: MappingDraft) => void;
}): DataColumn<FileColumn>[] {
  const { t } = useTranslation('console-catalog');
  const id = useId();
  const label = useChoiceLabel();
  const now = useRef({ ...live, label });
  now.current = { ...live, label };
  return useMemo(
    () => [
      {
        id: 'column',
        meta: { label: t('mapping.column'), rowHeader: true },
        cell: ({ row }) => (
          <label htmlFor={`${id}-${row.original.index}`} className="mb-0">
            <bdi>{row.original.header}</bdi>
          </label>
        ),
      },
      {
        id: 'firstValue',
        meta: { label: t('mapping.firstValue') },
        cell: ({ row }) => (
          <span className="tw-catalog__sample">
            <bdi>{row.original.sample}</bdi>
          </span>
        ),
      },
      {
        id: 'importedAs',
        meta: { label: t('mapping.importedAs') },
        cell: ({ row: { original } }) => {
          const { draft, disabled, onChange, choices, label: name } = now.current;
          return (
            <select
              id={`${id}-${original.index}`}
              className="form-select form-select-sm"
              value={draft[original.header] ?? ''}
              disabled={disabled}
              onChange={(event) => onChange({ ...draft, [original.header]: event.target.value })}
            >
              <option value="">{t('mapping.notImported')}</option>
              {choices.map((choice) => (
                <option key={choice} value={choice}>
                  {name(choice)}
                </option>
              ))}
            </select>
          );
        },
      },
    ],
    [t, id],
  );
}

/** One of the file's first rows: its place and its cells. */
type SampleRow = { n: number; cells: string[] };

/**
 * The file's first rows as they will be read: one column per mapped column, named by its field (the portal's
 * DataTable, in the file's order; below 640 px one card per row, each value named by its field).
 */
function MappedPreview({
  rows,
  mapped,
}: {
  rows: string[][];
  mapped: Array<{ index: number; name: string }>;
}) {
  const { t } = useTranslation('console-catalog');
  const columns: DataColumn<SampleRow>[] = mapped.map((m) => ({
    id: `c${m.index}`,
    meta: { label: m.name },
    cell: ({ row }) => (
      <span className="tw-catalog__sample">
        <bdi>{row.original.cells[m.index] ?? ''}</bdi>
      </span>
    ),
  }));
  return (
    <DataTable
      caption={t('mapping.preview', { count: rows.length })}
      captionShown
      columns={columns}
      rows={rows.map((cells, n) => ({ n, cells }))}
      rowId={(row) => String(row.n)}
      status={{ isLoading: false }}
      empty={t('mapping.preview', { count: 0 })}
      sortable={false}
      columnMenu={false}
    />
  );
}
