import type { ConsoleStandardSortKey } from '@trackwell/contracts';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DataColumn,
  DataTable,
  type ServerTableState,
} from '../../../../components/ui/data-table/data-table.tsx';
import { type ConsoleStandard, useListCatalogStandardsQuery } from '../api/catalog-api.ts';
import { StandardEditor } from './standard-editor.tsx';

/** The columns the server sorts by (the others are not sortable). */
const SORTABLE = new Set<string>([
  'designation',
  'title',
  'status',
  'publishedOn',
] satisfies ConsoleStandardSortKey[]);

const FIRST: ServerTableState = { pagination: { pageIndex: 0, pageSize: 25 }, sorting: [], filter: '' };

/** The table's state as the list's query: a numbered page, the sort key (`-` descending), the filter. */
export function standardPageArgs(code: string, state: ServerTableState) {
  const sort = state.sorting[0];
  return {
    code,
    q: state.filter,
    page: state.pagination.pageIndex + 1,
    limit: state.pagination.pageSize,
    sort: sort ? `${sort.desc ? '-' : ''}${sort.id}` : 'designation',
  };
}

/**
 * The store's standards (server-paged: a store may hold 100,000): filter by designation or title words, sort
 * by designation, title, status or release date, page by page; edit one below the list (focus goes back to
 * its Edit button when the editor closes).
 */
export function StandardsBrowser({ code }: { code: string }) {
  const { t } = useTranslation('console-catalog');
  const [state, setState] = useState<ServerTableState>(FIRST);
  const [editing, setEditing] = useState<ConsoleStandard | null>(null);
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  const page = useListCatalogStandardsQuery(standardPageArgs(code, state));
  const columns = useStandardColumns(setEditing, (key, el) =>
    el ? editButtons.current.set(key, el) : editButtons.current.delete(key),
  );

  function closeEditor() {
    const key = editing?.contentCode;
    setEditing(null);
    if (key) requestAnimationFrame(() => editButtons.current.get(key)?.focus());
  }

  return (
    <section className="tw-catalog__panel" aria-labelledby="tw-catalog-standards-title">
      <h3 id="tw-catalog-standards-title" className="h5">
        {t('standards.title')}
      </h3>
      <DataTable
        caption={t('standards.caption')}
        columns={columns}
        rows={page.data?.standards ?? []}
        rowId={(s) => s.contentCode}
        status={{
          isLoading: page.isLoading,
          isFetching: page.isFetching,
          error: page.error,
          onRetry: () => void page.refetch(),
        }}
        empty={state.filter ? t('standards.noMatch', { q: state.filter }) : t('standards.empty')}
        filterLabel={t('standards.search')}
        filterSubmitLabel={t('standards.searchButton')}
        server={{
          state,
          onStateChange: (next) => {
            if (next.filter !== state.filter) setEditing(null);
            setState(next);
          },
          rowCount: page.data?.total ?? 0,
        }}
      />
      {editing ? (
        <StandardEditor key={editing.contentCode} code={code} standard={editing} onClose={closeEditor} />
      ) : null}
    </section>
  );
}

function useStandardColumns(
  onEdit: (standard: ConsoleStandard) => void,
  buttonRef: (key: string, el: HTMLButtonElement | null) => void,
): DataColumn<ConsoleStandard>[] {
  const { t } = useTranslation('console-catalog');
  const edit = useRef({ onEdit, buttonRef });
  edit.current = { onEdit, buttonRef };
  return useMemo(() => {
    // Codes and dates read left to right in Arabic too, and stay on one line in the table.
    const column = (
      id: keyof ConsoleStandard,
      label: string,
      dir?: 'ltr' | 'auto',
    ): DataColumn<ConsoleStandard> => ({
      id,
      accessorKey: id,
      enableSorting: SORTABLE.has(id),
      meta: { label, ...(dir ? { dir } : {}), nowrap: dir === 'ltr' },
    });
    return [
      column('designation', t('standards.designation'), 'ltr'),
      column('title', t('standards.titleColumn'), 'auto'),
      { ...column('status', t('standards.status')), cell: ({ row }) => t(`statuses.${row.original.status}`) },
      column('edition', t('standards.edition'), 'ltr'),
      {
        id: 'committee',
        accessorFn: (s) => s.committee?.designation ?? '',
        enableSorting: false,
        meta: { label: t('standards.committee'), dir: 'ltr', nowrap: true },
      },
      {
        id: 'industryAreas',
        accessorFn: (s) => s.industryAreas.map((area) => area.name).join(', '),
        enableSorting: false,
        meta: { label: t('standards.industryAreas') },
        cell: ({ row }) => <IndustryAreas areas={row.original.industryAreas} />,
      },
      column('publishedOn', t('standards.publishedOn'), 'ltr'),
      {
        id: 'actions',
        enableSorting: false,
        enableHiding: false,
        meta: { label: t('standards.actions'), actions: true },
        cell: ({ row }) => (
          <button
            type="button"
            className="btn btn-link btn-sm p-0"
            ref={(el) => edit.current.buttonRef(row.original.contentCode, el)}
            onClick={() => edit.current.onEdit(row.original)}
            aria-label={t('standards.editLabel', { designation: row.original.designation })}
          >
            {t('standards.edit')}
          </button>
        ),
      },
    ];
  }, [t]);
}

/**
 * A standard's industry areas: those its catalogue row names, and those the store's ICS mapping derives from
 * its ICS codes, marked so the operator sees why a standard is in an area the file does not name.
 */
function IndustryAreas({ areas }: { areas: ConsoleStandard['industryAreas'] }) {
  const { t } = useTranslation('console-catalog');
  if (areas.length === 0) return null;
  return (
    <ul className="list-unstyled mb-0">
      {areas.map((area) => (
        <li key={area.marketingCode} dir="auto">
          {area.name}
          {area.derived ? (
            <>
              {' '}
              <span className="badge text-bg-light" title={t('standards.fromIcsHint')}>
                {t('standards.fromIcs')}
              </span>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
