import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../lib/api-errors.ts';

/**
 * A call that failed: what the server said (or why there was no answer, `describeApiError`), and a retry
 * button with the caller's label when it can be tried again.
 */
export function LoadError({
  error,
  onRetry,
  retryLabel,
}: {
  error: unknown;
  onRetry?: (() => void) | undefined;
  retryLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-danger" role="alert">
      <p className="mb-2">{describeApiError(error, t)}</p>
      {onRetry ? (
        <button type="button" className="btn btn-outline-danger btn-sm" onClick={onRetry}>
          {retryLabel}
        </button>
      ) : null}
    </div>
  );
}
