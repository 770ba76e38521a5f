import type { StandardHistoryEntry } from '@trackwell/contracts';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from '../../../components/ui/external-link.tsx';
import { InfoDialog } from '../../../components/ui/info-dialog.tsx';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { directionOf, toBcp47 } from '../../../lib/i18n.ts';
import { useStandardHistoryQuery } from '../api/standard-history.ts';

/**
 * The tracker page shows the edition history of a standard: a button beside the standard that
 * opens its recorded changes, newest first (old → new, the publisher's summary and comparison link).
 * Loaded lazily with the table; the change labels are the notification centre's ('notifications').
 */
export default function StandardHistoryButton({ assetId, name }: { assetId: string; name: string }) {
  const { t } = useTranslation('tracker');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-link btn-sm tw-history-button"
        aria-label={t('history.open', { name })}
        onClick={() => setOpen(true)}
      >
        {t('history.button')}
      </button>
      {open ? (
        <InfoDialog
          title={t('history.title', { name })}
          closeLabel={t('workItem.close')}
          onClose={() => setOpen(false)}
        >
          {/* the change labels' namespace may still be loading: wait here, not in the table's boundary */}
          <Suspense fallback={<PendingMessage>{t('history.loading')}</PendingMessage>}>
            <HistoryBody assetId={assetId} />
          </Suspense>
        </InfoDialog>
      ) : null}
    </>
  );
}

function HistoryBody({ assetId }: { assetId: string }) {
  const { t } = useTranslation('tracker');
  const { data, isLoading, isError, refetch } = useStandardHistoryQuery(assetId);
  if (isLoading) return <PendingMessage>{t('history.loading')}</PendingMessage>;
  if (isError || !data)
    return (
      <div className="alert alert-danger" role="alert">
        <p className="mb-2">{t('history.error')}</p>
        <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void refetch()}>
          {t('history.retry')}
        </button>
      </div>
    );
  if (data.entries.length === 0) return <p>{t('history.empty')}</p>;
  return (
    <ol className="tw-history">
      {data.entries.map((entry) => (
        <HistoryEntry key={`${entry.occurredAt}-${entry.kind}-${entry.designation}`} entry={entry} />
      ))}
    </ol>
  );
}

function HistoryEntry({ entry }: { entry: StandardHistoryEntry }) {
  const { t, i18n } = useTranslation('notifications');
  const arrow = directionOf(i18n.language) === 'rtl' ? '←' : '→';
  const when = new Intl.DateTimeFormat(toBcp47(i18n.language), { dateStyle: 'medium' });
  const status = (s: string) => t(`status.${s}`, { defaultValue: s });
  const changed = (before: string | null, after: string) =>
    before && before !== after ? (
      <>
        <bdi>{before}</bdi> {arrow} <bdi>{after}</bdi>
      </>
    ) : (
      <bdi>{after}</bdi>
    );
  return (
    <li className="tw-history__entry">
      <h3 className="tw-history__title">
        {t(`kind.${entry.kind}`)}{' '}
        <time dateTime={entry.occurredAt}>{when.format(new Date(entry.occurredAt))}</time>
      </h3>
      {entry.summary ? (
        <p className="tw-inbox__summary" dir="auto">
          {entry.summary}
        </p>
      ) : null}
      <dl className="tw-inbox__changes">
        <dt>{t('field.designation')}</dt>
        <dd>{changed(entry.oldDesignation, entry.designation)}</dd>
        <dt>{t('field.status')}</dt>
        <dd>{changed(entry.oldStatus && status(entry.oldStatus), status(entry.status))}</dd>
        {entry.successor ? (
          <>
            <dt>{t('field.replacement')}</dt>
            <dd>{changed(entry.successor.from, entry.successor.to)}</dd>
          </>
        ) : null}
        {entry.edition ? (
          <>
            <dt>{t('field.edition')}</dt>
            <dd>
              <bdi>{entry.edition}</bdi>
            </dd>
          </>
        ) : null}
      </dl>
      {entry.note ? <p dir="auto">{entry.note}</p> : null}
      {entry.compareUrl ? (
        <p>
          <ExternalLink href={entry.compareUrl}>{t('item.compare')}</ExternalLink>
        </p>
      ) : null}
    </li>
  );
}
