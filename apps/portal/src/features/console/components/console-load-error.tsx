import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error.tsx';

/** A console call that failed: what the server said (or why there was no answer), and "Try again". */
export function ConsoleLoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('console');
  return <LoadError error={error} onRetry={onRetry} retryLabel={t('state.retry')} />;
}
