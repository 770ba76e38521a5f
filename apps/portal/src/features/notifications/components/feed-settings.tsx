import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { useNotificationFeedQuery, useResetNotificationFeedMutation } from '../api/notifications.ts';

/**
 * In the account area: the private Atom feed's secret URL with a copy button, made on request and
 * reset after a confirmation (the old URL stops working at once). Words from the account namespace.
 */
export function FeedSettings() {
  const { t } = useTranslation('account');
  const fieldId = useId();
  const feed = useNotificationFeedQuery();
  const [reset, { isLoading: resetting, isError: resetFailed }] = useResetNotificationFeedMutation();
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);
  if (feed.isLoading) return <PendingMessage>{t('state.loading')}</PendingMessage>;
  if (feed.isError || !feed.data) {
    return (
      <div role="alert">
        <p>{t('feed.loadError')}</p>
        <button type="button" className="btn btn-outline-primary" onClick={() => void feed.refetch()}>
          {t('feed.retry')}
        </button>
      </div>
    );
  }
  const { url } = feed.data;
  async function copy() {
    if (!url) return;
    await navigator.clipboard?.writeText(url);
    setCopied(true);
  }
  return (
    <div className="tw-feed">
      <p>{t('feed.intro')}</p>
      {url ? (
        <>
          <label htmlFor={fieldId} className="form-label">
            {t('feed.urlLabel')}
          </label>
          <div className="input-group">
            <input
              id={fieldId}
              className="form-control"
              dir="ltr"
              readOnly
              value={url}
              onFocus={(e) => e.target.select()}
            />
            <button type="button" className="btn btn-outline-secondary" onClick={() => void copy()}>
              {t('feed.copy')}
            </button>
          </div>
          <p className="form-text" aria-live="polite">
            {copied ? t('feed.copied') : t('feed.secret')}
          </p>
          <button
            type="button"
            className="btn btn-outline-danger"
            disabled={resetting}
            onClick={() => setConfirming(true)}
          >
            {t('feed.reset')}
          </button>
        </>
      ) : (
        <button type="button" className="btn btn-primary" disabled={resetting} onClick={() => void reset()}>
          {t('feed.create')}
        </button>
      )}
      {resetFailed ? <p role="alert">{t('feed.resetError')}</p> : null}
      <ConfirmDialog
        open={confirming}
        title={t('feed.resetTitle')}
        message={t('feed.resetMessage')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          setCopied(false);
          void reset();
        }}
      />
    </div>
  );
}
