import type { CatalogEventResult, ConsoleChangePreview } from '@trackwell/contracts';
import { useTranslation } from 'react-i18next';

const SOURCES = ['standard', 'committee', 'industryArea', 'publisher', 'workItem'] as const;

/** Whom the change would e-mail: the count, and how many each kind of tracking matched. */
export function ChangePreviewReport({ preview }: { preview: ConsoleChangePreview }) {
  const { t } = useTranslation('console-catalog');
  return (
    <div className="tw-catalog__report" role="status">
      <p className="tw-catalog__recipients">{t('changes.willEmail', { count: preview.recipients })}</p>
      {preview.outcome === 'duplicate' ? (
        <p className="alert alert-warning">{t('changes.duplicate')}</p>
      ) : null}
      {preview.recipients > 0 ? (
        <>
          <p className="mb-1">{t('changes.bySource')}</p>
          <ul className="tw-catalog__sources">
            {SOURCES.filter((s) => preview.bySource[s] > 0).map((source) => (
              <li key={source}>{t(`sources.${source}`, { count: preview.bySource[source] })}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** What publishing did: applied (and how many are e-mailed), or a duplicate of an event published before. */
export function PublishedReport({ result }: { result: CatalogEventResult }) {
  const { t } = useTranslation('console-catalog');
  return (
    <div className="alert alert-success mt-3" role="status">
      {result.outcome === 'duplicate'
        ? t('changes.publishedDuplicate', { id: result.id })
        : t('changes.published', { count: result.recipients ?? 0 })}
    </div>
  );
}
