import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListQuery, ListState as UiListState } from '../../../components/ui/list-state.tsx';

export type { ListQuery };

/** A webhook list's states (`components/ui/list-state.tsx`) in the webhooks' words. */
export function ListState<T>(props: {
  query: ListQuery<T>;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation('webhooks');
  return (
    <UiListState
      {...props}
      emptyClassName="tw-webhooks__empty"
      labels={{ loading: t('state.loading'), retry: t('state.retry') }}
    />
  );
}
