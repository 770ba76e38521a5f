import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../../components/ui/spinner.tsx';
import { ConsoleLoadError } from '../../components/console-load-error.tsx';

/** What a list needs of its query's state (RTK Query's result satisfies it). */
export type ListQuery<T> = { isLoading: boolean; error?: unknown; data?: T[]; refetch: () => unknown };

/**
 * A console list's states in one place: loading, the load error with "Try again", the `empty` sentence, or
 * (`children`) the list drawn from its items.
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
  const { t } = useTranslation('console-activity');
  if (query.isLoading) return <PendingMessage>{t('state.loading')}</PendingMessage>;
  if (query.error || !query.data) return <ConsoleLoadError error={query.error} onRetry={query.refetch} />;
  if (query.data.length === 0) return <p className="tw-console__empty">{empty}</p>;
  return children(query.data);
}
