import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../../components/ui/spinner.tsx';
import { ConsoleLoadError } from '../../components/console-load-error.tsx';
import { type PublishedChange, useListPublishedChangesQuery } from '../api/changes-api.ts';
import { formatDateTime } from '../lib/format.ts';
import { Pager, useCursors } from './pager.tsx';

const KINDS = new Set([
  'new_standard',
  'new_edition',
  'amendment',
  'editorial_change',
  'reaffirmation',
  'withdrawal',
  'reinstatement',
  'new_work_item',
  'work_item_status_change',
]);

/** The store's recent changes, newest first, page by page, with their e-mails counted. */
export function RecentChanges({ code }: { code: string }) {
  const { t } = useTranslation('console-catalog');
  const cursors = useCursors();
  const page = useListPublishedChangesQuery({ code, cursor: cursors.cursor });
  return (
    <section className="tw-catalog__panel" aria-labelledby="tw-changes-recent-title">
      <h3 id="tw-changes-recent-title" className="h5">
        {t('recent.title')}
      </h3>
      {page.isLoading ? (
        <PendingMessage>{t('recent.loading')}</PendingMessage>
      ) : page.error || !page.data ? (
        <ConsoleLoadError error={page.error} onRetry={page.refetch} />
      ) : page.data.changes.length === 0 ? (
        <p className="tw-console__empty">{t('recent.empty')}</p>
      ) : (
        <>
          <ChangesTable changes={page.data.changes} />
          <Pager
            labels={{ previous: t('recent.newer'), next: t('recent.older') }}
            cursors={cursors}
            nextCursor={page.data.nextCursor}
          />
        </>
      )}
    </section>
  );
}

function ChangesTable({ changes }: { changes: PublishedChange[] }) {
  const { t, i18n } = useTranslation('console-catalog');
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle tw-console__table">
        <caption className="tw-visually-hidden">{t('recent.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('recent.recordedAt')}</th>
            <th scope="col">{t('recent.kind')}</th>
            <th scope="col">{t('recent.eventId')}</th>
            <th scope="col">{t('recent.matched')}</th>
            <th scope="col">{t('recent.sent')}</th>
            <th scope="col">{t('recent.pending')}</th>
            <th scope="col">{t('recent.failed')}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.id}>
              <td>{formatDateTime(c.recordedAt, i18n.language)}</td>
              <td>{KINDS.has(c.kind) ? t(`eventKinds.${c.kind as 'new_edition'}`) : c.kind}</td>
              <td dir="ltr" className="tw-catalog__code">
                {c.publisherEventId}
              </td>
              <td>{c.matched}</td>
              <td>{c.sent}</td>
              <td>{c.pending}</td>
              <td>{c.failed}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
