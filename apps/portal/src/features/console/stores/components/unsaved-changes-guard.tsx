import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';

/** The in-app address a click on a link would open, when it leaves the current page; otherwise null. */
function leavingTo(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (
    !(link instanceof HTMLAnchorElement) ||
    (link.target && link.target !== '_self') ||
    link.hasAttribute('download')
  )
    return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * While a store form has unsaved changes (`when`): following a link inside the portal (another section,
 * another store, the user menu) asks first — Yes leaves, No stays with the changes — and closing or
 * reloading the tab gets the browser's own warning. (Links are caught on the document before React Router
 * sees them; React Router's own blocker would add to the first download of every page.)
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useTranslation('console-stores');
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    const click = (event: MouseEvent) => {
      const to = leavingTo(event);
      if (!to) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(to);
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('click', click, true);
    };
  }, [when]);
  return (
    <ConfirmDialog
      open={pending !== null}
      title={t('leave.title')}
      message={t('leave.body')}
      onConfirm={() => {
        const to = pending;
        setPending(null);
        if (to) navigate(to);
      }}
      onCancel={() => setPending(null)}
    />
  );
}
