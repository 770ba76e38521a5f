import type { WebhookAttempt } from '@trackwell/contracts';
import { useTranslation } from 'react-i18next';
import { useWebhookLogQuery } from '../api/webhooks.ts';
import { formatInstant } from '../lib/format.ts';
import { ListState } from './list-state.tsx';

/** An endpoint's delivery log, newest first: each attempt's event, outcome (status or error) and time. */
export function WebhookLog({ code, id, url }: { code: string; id: string; url: string }) {
  const { t } = useTranslation('console-activity');
  const log = useWebhookLogQuery({ code, id });
  return (
    <ListState query={log} empty={t('webhooks.logEmpty')}>
      {(items) => (
        <div className="table-responsive">
          <table className="table align-middle tw-console__table">
            <caption className="tw-visually-hidden">{t('webhooks.logCaption', { url })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('webhooks.attemptedAt')}</th>
                <th scope="col">{t('webhooks.event')}</th>
                <th scope="col">{t('webhooks.outcome')}</th>
                <th scope="col">{t('webhooks.message')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((attempt) => (
                <AttemptRow key={`${attempt.messageId}-${attempt.attempt}`} attempt={attempt} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ListState>
  );
}

function AttemptRow({ attempt }: { attempt: WebhookAttempt }) {
  const { t, i18n } = useTranslation('console-activity');
  const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
  return (
    <tr>
      <td>{formatInstant(attempt.attemptedAt, i18n.language)}</td>
      <td>
        <span className="d-block">{t(`webhooks.eventTypes.${attempt.eventType}`)}</span>
        {attempt.changeId ? (
          <code className="small" dir="ltr">
            {attempt.changeId}
          </code>
        ) : null}
      </td>
      <td>
        <span className="d-block">
          {ok
            ? t('webhooks.accepted', { status: attempt.statusCode })
            : attempt.statusCode !== null
              ? t('webhooks.refused', { status: attempt.statusCode })
              : t('webhooks.failed', { error: attempt.error ?? '' })}
        </span>
        <span className="small tw-activity__muted">
          {t('webhooks.attempt', { n: attempt.attempt, ms: attempt.durationMs })}
        </span>
      </td>
      <td>
        <span className="d-block">{t(`webhooks.status.${attempt.messageStatus}`)}</span>
        {attempt.nextAttemptAt ? (
          <span className="small tw-activity__muted">
            {t('webhooks.nextAttempt', { at: formatInstant(attempt.nextAttemptAt, i18n.language) })}
          </span>
        ) : null}
      </td>
    </tr>
  );
}
