import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';

/**
 * While a store form has unsaved changes (`when`): leaving it inside the portal (another section, another
 * store, a link) asks first — Yes leaves, No stays with the changes — and closing or reloading the tab gets
 * the browser's own warning.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useTranslation('console-stores');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('leave.title')}
      message={t('leave.body')}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
