import type { ImportRowOutcome } from '@trackwell/contracts';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../../components/ui/data-table/data-table.tsx';

const show = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : Array.isArray(value)
      ? value.join('; ')
      : String(value);

const said = (e: { field: string | null; reason: string }) =>
  e.field ? `${e.field}: ${e.reason}` : e.reason;

/** The standards a row is linked to once applied: its predecessors, its successor, the base of a supplement. */
function linksOf(row: ImportRowOutcome, t: TFunction<'console-catalog'>): string[] {
  const links = row.links;
  if (!links) return [];
  return [
    ...(links.replaces?.length ? [t('rows.replaces', { designations: links.replaces.join(', ') })] : []),
    ...(links.replacedBy ? [t('rows.replacedBy', { designation: links.replacedBy })] : []),
    ...(links.supplementOf ? [t('rows.supplementOf', { designation: links.supplementOf })] : []),
  ];
}

/**
 * A row's details: its refusals (column and reason), or its changed fields old → new, the standards it is
 * linked to and the event it records; then what the file left out for it (an empty committee, an edition
 * taken from the date, a link to a standard neither in the catalogue nor in the file), as notes.
 */
function details(row: ImportRowOutcome, t: TFunction<'console-catalog'>): string[] {
  const notes = (row.warnings ?? []).map((w) => t('rows.note', { note: said(w) }));
  if (row.outcome === 'error') return [...(row.errors ?? []).map(said), ...notes];
  const changes = (row.changes ?? []).map((c) => `${c.field}: ${show(c.from)} → ${show(c.to)}`);
  const event = row.event ? [t('rows.event', { event: t(`eventKinds.${row.event}`) })] : [];
  return [...changes, ...linksOf(row, t), ...event, ...notes];
}

/** Where a row is: its line; a publisher or committee the file only names; or the file as a whole. */
function lineOf(row: ImportRowOutcome, t: TFunction<'console-catalog'>) {
  if (row.row > 0) return row.row;
  return row.kind ? t('rows.named') : t('rows.wholeFile');
}

const rowKey = (row: ImportRowOutcome) => `${row.file ?? ''}-${row.row}-${row.kind ?? ''}-${row.key ?? ''}`;

/**
 * Each row of the file with what the import does to it, or why it is refused (the portal's DataTable: sorted
 * by file, line, kind, key or outcome; below 640 px one card per row). Refused rows are marked red.
 */
export function ImportRowTable({ rows }: { rows: ImportRowOutcome[] }) {
  const { t } = useTranslation('console-catalog');
  // A batch of files: each row says which file it comes from.
  const withFiles = rows.some((row) => row.file);
  const columns = useRowColumns(withFiles);
  return (
    <div className="tw-catalog__rows">
      <DataTable
        caption={t('rows.caption')}
        columns={columns}
        rows={rows}
        rowId={rowKey}
        status={{ isLoading: false }}
        empty={t('rows.caption')}
        rowClassName={(row) => (row.outcome === 'error' ? 'table-danger' : undefined)}
      />
    </div>
  );
}

function useRowColumns(withFiles: boolean): DataColumn<ImportRowOutcome>[] {
  const { t } = useTranslation('console-catalog');
  return useMemo(() => {
    const file: DataColumn<ImportRowOutcome> = {
      id: 'file',
      accessorFn: (row) => row.file ?? '',
      meta: { label: t('rows.file'), dir: 'ltr' },
      cell: ({ row }) => <span className="tw-catalog__file-name">{row.original.file ?? '—'}</span>,
    };
    return [
      ...(withFiles ? [file] : []),
      {
        id: 'line',
        // The file's order: a publisher or committee named only (line 0) and the file as a whole come first.
        accessorFn: (row) => row.row,
        meta: { label: t('rows.line'), numeric: true },
        cell: ({ row }) => lineOf(row.original, t),
      },
      {
        id: 'kind',
        accessorFn: (row) => (row.kind ? t(`kinds.${row.kind}`) : ''),
        meta: { label: t('rows.kind') },
        cell: ({ getValue }) => getValue() || '—',
      },
      {
        id: 'key',
        accessorFn: (row) => row.key ?? '',
        meta: { label: t('rows.key'), dir: 'auto', rowHeader: true },
        cell: ({ getValue }) => getValue() || '—',
      },
      {
        id: 'outcome',
        accessorFn: (row) => t(`outcomes.${row.outcome}`),
        meta: { label: t('rows.outcome') },
        cell: ({ row, getValue }) => (
          <span className={`tw-catalog__outcome tw-catalog__outcome--${row.original.outcome}`}>
            {getValue()}
          </span>
        ),
      },
      {
        id: 'details',
        accessorFn: (row) => details(row, t).join(' '),
        enableSorting: false,
        meta: { label: t('rows.details') },
        cell: ({ row }) => (
          <ul className="tw-catalog__details">
            {details(row.original, t).map((line) => (
              <li key={line} dir="auto">
                {line}
              </li>
            ))}
          </ul>
        ),
      },
    ];
  }, [t, withFiles]);
}
