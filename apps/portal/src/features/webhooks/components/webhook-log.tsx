import type { WebhookAttempt } from '@trackwell/contracts';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../../lib/format-instant.ts';
import { useWebhookEndpointLogQuery, type WebhookScope } from '../api/webhooks.ts';
import { ListState } from './list-state.tsx';

/** An endpoint's delivery log, newest first: each attempt's event, outcome (status or error) and time. */
export function WebhookLog({ scope, id, url }: { scope: WebhookScope; id: string; url: string }) {
  const { t } = useTranslation('webhooks');
  const log = useWebhookEndpointLogQuery({ scope, id });
  return (
    <ListState query={log} empty={t('logEmpty')}>
      {(items) => (
        <div className="table-responsive">
          <table className="table align-middle tw-webhooks__table">
            <caption className="tw-visually-hidden">{t('logCaption', { url })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('attemptedAt')}</th>
                <th scope="col">{t('event')}</th>
                <th scope="col">{t('outcome')}</th>
                <th scope="col">{t('message')}</th>
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
  const { t, i18n } = useTranslation('webhooks');
  const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
  return (
    <tr>
      <td>{formatInstant(attempt.attemptedAt, i18n.language)}</td>
      <td>
        <span className="d-block">{t(`eventTypes.${attempt.eventType}`)}</span>
        {attempt.changeId ? (
          <code className="small" dir="ltr">
            {attempt.changeId}
          </code>
        ) : null}
      </td>
      <td>
        <span className="d-block">
          {ok
            ? t('accepted', { status: attempt.statusCode })
            : attempt.statusCode !== null
              ? t('refused', { status: attempt.statusCode })
              : t('failed', { error: attempt.error ?? '' })}
        </span>
        <span className="small tw-webhooks__muted">
          {t('attempt', { n: attempt.attempt, ms: attempt.durationMs })}
        </span>
      </td>
      <td>
        <span className="d-block">{t(`status.${attempt.messageStatus}`)}</span>
        {attempt.nextAttemptAt ? (
          <span className="small tw-webhooks__muted">
            {t('nextAttempt', { at: formatInstant(attempt.nextAttemptAt, i18n.language) })}
          </span>
        ) : null}
      </td>
    </tr>
  );
}
