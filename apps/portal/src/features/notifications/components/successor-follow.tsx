import type { NotificationItem } from '@trackwell/contracts';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useFollowNotificationSuccessorMutation } from '../api/notifications.ts';
import { isolate } from './isolate.ts';

type Successor = NonNullable<NotificationItem['change']['successor']>;

/**
 * In the notification centre: "Track <new> instead" under a replacement (old → new). The call moves the user's
 * tracking to the successor (the server answers 'followed' or 'already', the same end state); a success toast
 * and, from then on, "You track <new> now" instead of the button. A refusal is toasted with the server's words
 * by the API's error middleware (as the centre's other calls). The toasts' library loads when a toast is due.
 */
export function SuccessorFollow({
  notificationId,
  successor,
}: {
  notificationId: string;
  successor: Successor;
}) {
  const { t } = useTranslation('notifications');
  const [follow, { isLoading, data }] = useFollowNotificationSuccessorMutation();
  const designation = isolate(successor.to.designation);
  if (successor.followed || data) {
    return <p className="tw-inbox__followed">{t('successor.followed', { designation })}</p>;
  }
  async function run() {
    try {
      await follow(notificationId).unwrap();
    } catch {
      return; // toasted by the API's error middleware
    }
    const { notify } = await import('../../../lib/notify.ts');
    notify.success(t('successor.done', { designation }));
  }
  return (
    <p className="tw-inbox__follow">
      <button
        type="button"
        className="btn btn-sm btn-primary"
        disabled={isLoading}
        aria-busy={isLoading}
        onClick={() => void run()}
      >
        {isLoading ? <Spinner size="sm" /> : null}
        {t('successor.follow', { designation })}
      </button>
    </p>
  );
}
