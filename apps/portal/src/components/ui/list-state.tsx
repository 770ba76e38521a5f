import type { ReactNode } from 'react';
import { LoadError } from './load-error.tsx';
import { PendingMessage } from './spinner.tsx';

/** What a list needs of its query's state (RTK Query's result satisfies it). */
export type ListQuery<T> = { isLoading: boolean; error?: unknown; data?: T[]; refetch: () => unknown };

/** The words a list's states say, in the caller's namespace. */
export interface ListStateLabels {
  loading: string;
  retry: string;
}

/**
 * A list's states in one place: loading, the load error (`LoadError`) with a retry, the `empty` sentence
 * (with the caller's class), or (`children`) the list drawn from its items.
 */
export function ListState<T>({
  query,
  empty,
  emptyClassName,
  labels,
  children,
}: {
  query: ListQuery<T>;
  empty: string;
  emptyClassName: string;
  labels: ListStateLabels;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isLoading) return <PendingMessage>{labels.loading}</PendingMessage>;
  if (query.error || !query.data)
    return <LoadError error={query.error} onRetry={() => void query.refetch()} retryLabel={labels.retry} />;
  if (query.data.length === 0) return <p className={emptyClassName}>{empty}</p>;
  return children(query.data);
}
