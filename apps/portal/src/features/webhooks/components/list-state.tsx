import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { describeApiError } from '../../../lib/api-errors.ts';

/** What a list needs of its query's state (RTK Query's result satisfies it). */
export type ListQuery<T> = { isLoading: boolean; error?: unknown; data?: T[]; refetch: () => unknown };

/**
 * A webhook list's states in one place: loading, the load error (what the server said, or why there was no
 * answer) with "Try again", the `empty` sentence, or (`children`) the list drawn from its items.
 */
export function ListState<T>({
  query,
  empty,
  children,
}: {
  query: ListQuery<T>;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation('webhooks');
  const { t: tCommon } = useTranslation();
  if (query.isLoading) return <PendingMessage>{t('state.loading')}</PendingMessage>;
  if (query.error || !query.data)
    return (
      <div className="alert alert-danger" role="alert">
        <p className="mb-2">{describeApiError(query.error, tCommon)}</p>
        <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => query.refetch()}>
          {t('state.retry')}
        </button>
      </div>
    );
  if (query.data.length === 0) return <p className="tw-webhooks__empty">{empty}</p>;
  return children(query.data);
}
