import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { notify } from '../../../lib/notify.ts';
import { useUnsubscribeTrackerMutation } from '../api/unsubscribe.ts';

/** The section's anchor: the account area links here (`/#unsubscribe`). */
export const UNSUBSCRIBE_ANCHOR = 'unsubscribe';

/**
 * spec §2 section 6, §4 "Unsubscribe", §5: after a Yes, unsubscribes from every tracking e-mail. A '200' clears
 * the committee, industry-area, work-item and publisher sections (api/unsubscribe.ts); a failure is only
 * logged (spec §8), so it shows nothing. Arriving with `#unsubscribe` brings the link into view and focus.
 */
export function UnsubscribeLink({ userId }: { userId: string }) {
  const { t } = useTranslation('tracker');
  const [confirming, setConfirming] = useState(false);
  const [unsubscribe, { isLoading }] = useUnsubscribeTrackerMutation();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (window.location.hash !== `#${UNSUBSCRIBE_ANCHOR}`) return;
    buttonRef.current?.scrollIntoView?.({ block: 'center' });
    buttonRef.current?.focus();
  }, []);

  async function onConfirm() {
    setConfirming(false);
    try {
      await unsubscribe({ userId }).unwrap();
      notify.success(t('unsubscribedUpdated'));
    } catch {
      // Logged by the store's middleware; no toast (spec §8).
    }
  }

  return (
    <section id={UNSUBSCRIBE_ANCHOR} className="tw-unsubscribe" aria-label={t('unsubscribe.region')}>
      <button
        ref={buttonRef}
        type="button"
        className="tw-link-button"
        onClick={() => setConfirming(true)}
        disabled={isLoading}
        aria-haspopup="dialog"
      >
        {t('unsubscribe.link')}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t('unsubscribe.confirmTitle')}
        message={t('unsubscribe.confirmMessage')}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
