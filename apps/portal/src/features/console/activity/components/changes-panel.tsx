import { CATALOG_EVENT_KINDS, type CatalogEventKind } from '@trackwell/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { PendingMessage } from '../../../../components/ui/spinner.tsx';
import { notify } from '../../../../lib/notify.ts';
import { ConsoleLoadError } from '../../components/console-load-error.tsx';
import { type ConsoleChange, useListConsoleChangesQuery, useRetryChangeMutation } from '../api/deliveries.ts';
import { formatInstant } from '../lib/format.ts';
import { ChangeDeliveries } from './change-deliveries.tsx';
import { Pager } from './pager.tsx';

/**
 * The store's changes, newest first, each with its deliveries counted and the failure reasons; "Deliveries"
 * opens the change's deliveries below, "Retry the failed" sends its failed e-mails again after a confirmation.
 */
export function ChangesPanel({ code }: { code: string }) {
  const { t } = useTranslation('console-activity');
  const [cursors, setCursors] = useState<string[]>([]);
  const changes = useListConsoleChangesQuery({ code, cursor: cursors.at(-1) });
  const [retry] = useRetryChangeMutation();
  const [retrying, setRetrying] = useState<ConsoleChange | null>(null);
  const [open, setOpen] = useState<ConsoleChange | null>(null);

  async function confirmRetry() {
    const change = retrying;
    setRetrying(null);
    if (!change) return;
    const done = await retry({ code, id: change.id });
    if (!('error' in done)) notify.success(t('changes.retried', { n: done.data.requeued }));
  }

  return (
    <section className="tw-activity__panel" aria-labelledby="tw-changes-title">
      <h3 id="tw-changes-title" className="h5">
        {t('changes.title')}
      </h3>
      {changes.isLoading ? (
        <PendingMessage>{t('state.loading')}</PendingMessage>
      ) : changes.error || !changes.data ? (
        <ConsoleLoadError error={changes.error} onRetry={changes.refetch} />
      ) : changes.data.changes.length === 0 && cursors.length === 0 ? (
        <p className="tw-console__empty">{t('changes.empty')}</p>
      ) : (
        <>
          <ChangesTable
            changes={changes.data.changes}
            open={open?.id}
            onOpen={(change) => setOpen(open?.id === change.id ? null : change)}
            onRetry={setRetrying}
          />
          <Pager
            label={t('changes.pages')}
            newer={cursors.length > 0 ? () => setCursors(cursors.slice(0, -1)) : undefined}
            older={
              changes.data.nextCursor
                ? () => setCursors([...cursors, changes.data?.nextCursor ?? ''])
                : undefined
            }
          />
        </>
      )}
      {open ? <ChangeDeliveries code={code} change={open} onClose={() => setOpen(null)} /> : null}
      <ConfirmDialog
        open={retrying !== null}
        title={t('changes.confirmTitle')}
        message={t('changes.confirmBody', {
          n: retrying?.failed ?? 0,
          change: retrying?.publisherEventId ?? '',
        })}
        onConfirm={confirmRetry}
        onCancel={() => setRetrying(null)}
      />
    </section>
  );
}

/** The deliveries of a change, counted by state; one column each. */
const COUNTS = ['matched', 'sent', 'failed', 'pending', 'unsubscribed'] as const;

function ChangesTable({
  changes,
  open,
  onOpen,
  onRetry,
}: {
  changes: ConsoleChange[];
  open: string | undefined;
  onOpen: (change: ConsoleChange) => void;
  onRetry: (change: ConsoleChange) => void;
}) {
  const { t } = useTranslation('console-activity');
  return (
    <div className="table-responsive">
      <table className="table align-middle tw-console__table tw-activity__changes">
        <caption className="tw-visually-hidden">{t('changes.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('changes.change')}</th>
            {COUNTS.map((c) => (
              <th scope="col" key={c} className="text-end">
                {t(`changes.${c}`)}
              </th>
            ))}
            <th scope="col">{t('changes.reasons')}</th>
            <th scope="col">
              <span className="tw-visually-hidden">{t('table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <ChangeRow
              key={change.id}
              change={change}
              open={open === change.id}
              onOpen={onOpen}
              onRetry={onRetry}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One change: what, when and from where, its deliveries counted, the failure reasons, and its actions. */
function ChangeRow({
  change,
  open,
  onOpen,
  onRetry,
}: {
  change: ConsoleChange;
  /** Whether this change's deliveries are shown below. */
  open: boolean;
  onOpen: (change: ConsoleChange) => void;
  onRetry: (change: ConsoleChange) => void;
}) {
  const { t, i18n } = useTranslation('console-activity');
  const kindName = (kind: string) =>
    (CATALOG_EVENT_KINDS as readonly string[]).includes(kind) ? t(`kinds.${kind as CatalogEventKind}`) : kind;
  return (
    <tr>
      <th scope="row">
        <span className="d-block">{kindName(change.kind)}</span>
        <code className="small" dir="ltr">
          {change.publisherEventId}
        </code>
        <span className="d-block small tw-activity__muted">
          {formatInstant(change.recordedAt, i18n.language)}
        </span>
        <span className="d-block small tw-activity__muted">{t(`sources.${change.source}`)}</span>
      </th>
      {COUNTS.map((c) => (
        <td key={c} className="text-end">
          {change[c]}
        </td>
      ))}
      <td>
        <FailureReasons reasons={change.failureReasons} />
      </td>
      <td>
        <div className="tw-activity__actions">
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            aria-expanded={open}
            onClick={() => onOpen(change)}
          >
            {t('changes.deliveries', { change: change.publisherEventId })}
          </button>
          {change.failed > 0 ? (
            <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => onRetry(change)}>
              {t('changes.retry', { change: change.publisherEventId })}
            </button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

/** Why a change's deliveries failed, each reason with how many times. */
function FailureReasons({ reasons }: { reasons: ConsoleChange['failureReasons'] }) {
  const { t } = useTranslation('console-activity');
  if (reasons.length === 0) return <span className="tw-activity__muted">{t('changes.noFailures')}</span>;
  return (
    <ul className="tw-activity__reasons">
      {reasons.map((r) => (
        <li key={r.reason}>
          <span dir="ltr">{r.reason}</span> ({r.count})
        </li>
      ))}
    </ul>
  );
}
