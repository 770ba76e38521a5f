import { useTranslation } from 'react-i18next';

/** Shown instead of a screen that threw while rendering: a calm message and a way out, no stack trace. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="tw-page">
      <h1 className="tw-page-title">{t('unexpectedError.title')}</h1>
      <p className="tw-lead">{t('unexpectedError.body')}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('unexpectedError.reload')}
      </button>
    </div>
  );
}
