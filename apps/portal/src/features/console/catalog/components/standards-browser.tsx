import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../../components/ui/spinner.tsx';
import { ConsoleLoadError } from '../../components/console-load-error.tsx';
import { type ConsoleStandard, useListCatalogStandardsQuery } from '../api/catalog-api.ts';
import { Pager, useCursors } from './pager.tsx';
import { StandardEditor } from './standard-editor.tsx';

/**
 * The store's standards: search (designation or title words), page by page (keyset: the server's
 * `nextCursor`, the earlier cursors kept for "Previous"), and edit one below the list.
 */
export function StandardsBrowser({ code }: { code: string }) {
  const { t } = useTranslation('console-catalog');
  const [q, setQ] = useState('');
  const cursors = useCursors();
  const [editing, setEditing] = useState<ConsoleStandard | null>(null);
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  const page = useListCatalogStandardsQuery({ code, q, cursor: cursors.cursor });

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
      <StandardSearch
        onSearch={(text) => {
          setQ(text);
          cursors.reset();
          setEditing(null);
        }}
      />
      {page.isFetching && !page.data ? (
        <PendingMessage>{t('standards.loading')}</PendingMessage>
      ) : page.error || !page.data ? (
        <ConsoleLoadError error={page.error} onRetry={page.refetch} />
      ) : page.data.standards.length === 0 ? (
        <p className="tw-console__empty">{q ? t('standards.noMatch', { q }) : t('standards.empty')}</p>
      ) : (
        <>
          <StandardsTable
            standards={page.data.standards}
            onEdit={setEditing}
            buttonRef={(key, el) => (el ? editButtons.current.set(key, el) : editButtons.current.delete(key))}
          />
          <Pager
            labels={{ previous: t('standards.previous'), next: t('standards.next') }}
            cursors={cursors}
            nextCursor={page.data.nextCursor}
          />
        </>
      )}
      {editing ? (
        <StandardEditor key={editing.contentCode} code={code} standard={editing} onClose={closeEditor} />
      ) : null}
    </section>
  );
}

function StandardsTable({
  standards,
  onEdit,
  buttonRef,
}: {
  standards: ConsoleStandard[];
  onEdit: (standard: ConsoleStandard) => void;
  buttonRef: (key: string, el: HTMLButtonElement | null) => void;
}) {
  const { t } = useTranslation('console-catalog');
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle tw-console__table">
        <caption className="tw-visually-hidden">{t('standards.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('standards.designation')}</th>
            <th scope="col">{t('standards.titleColumn')}</th>
            <th scope="col">{t('standards.status')}</th>
            <th scope="col">{t('standards.edition')}</th>
            <th scope="col">{t('standards.committee')}</th>
            <th scope="col">{t('standards.industryAreas')}</th>
            <th scope="col">{t('standards.publishedOn')}</th>
            <th scope="col">
              <span className="tw-visually-hidden">{t('standards.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {standards.map((s) => (
            <tr key={s.contentCode}>
              <td dir="ltr" className="tw-catalog__code">
                {s.designation}
              </td>
              <td dir="auto">{s.title}</td>
              <td>{t(`statuses.${s.status}`)}</td>
              <td dir="ltr">{s.edition}</td>
              <td dir="ltr">{s.committee.designation}</td>
              <td>
                <IndustryAreas areas={s.industryAreas} />
              </td>
              <td dir="ltr">{s.publishedOn}</td>
              <td>
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0"
                  ref={(el) => buttonRef(s.contentCode, el)}
                  onClick={() => onEdit(s)}
                  aria-label={t('standards.editLabel', { designation: s.designation })}
                >
                  {t('standards.edit')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
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

/** The search box: designation prefix or title words. */
function StandardSearch({ onSearch }: { onSearch: (text: string) => void }) {
  const { t } = useTranslation('console-catalog');
  const searchId = useId();
  const [text, setText] = useState('');
  return (
    <search>
      <form
        className="tw-catalog__search"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(text.trim());
        }}
      >
        <label htmlFor={searchId} className="form-label">
          {t('standards.search')}
        </label>
        <div className="tw-catalog__search-row">
          <input
            id={searchId}
            type="search"
            className="form-control"
            value={text}
            maxLength={200}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="btn btn-outline-primary">
            {t('standards.searchButton')}
          </button>
        </div>
      </form>
    </search>
  );
}
