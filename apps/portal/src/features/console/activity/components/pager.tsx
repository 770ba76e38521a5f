import { useTranslation } from 'react-i18next';

/** Newer / older pages of a cursor-paged list; a direction without pages is left out. */
export function Pager({ label, newer, older }: { label: string; newer?: () => void; older?: () => void }) {
  const { t } = useTranslation('console-activity');
  if (!newer && !older) return null;
  return (
    <nav className="tw-activity__pager" aria-label={label}>
      {newer ? (
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={newer}>
          {t('pager.newer')}
        </button>
      ) : null}
      {older ? (
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={older}>
          {t('pager.older')}
        </button>
      ) : null}
    </nav>
  );
}
