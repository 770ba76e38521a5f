import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListQuery, ListState as UiListState } from '../../../../components/ui/list-state.tsx';

export type { ListQuery };

/** A console list's states (`components/ui/list-state.tsx`) in the console's words. */
export function ListState<T>(props: {
  query: ListQuery<T>;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation('console-activity');
  const { t: tConsole } = useTranslation('console');
  return (
    <UiListState
      {...props}
      emptyClassName="tw-console__empty"
      labels={{ loading: t('state.loading'), retry: tConsole('state.retry') }}
    />
  );
}
