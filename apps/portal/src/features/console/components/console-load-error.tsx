import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../lib/api-errors.ts';

/** A console call that failed: what the server said (or why there was no answer), and "Try again". */
export function ConsoleLoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('console');
  const { t: tCommon } = useTranslation();
  return (
    <div className="alert alert-danger" role="alert">
      <p className="mb-2">{describeApiError(error, tCommon)}</p>
      {onRetry ? (
        <button type="button" className="btn btn-outline-danger btn-sm" onClick={onRetry}>
          {t('state.retry')}
        </button>
      ) : null}
    </div>
  );
}
