import type { OrganisationReview, OrganisationSummary } from '@trackwell/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DATA_TABLE_PAGE_SIZES,
  type DataColumn,
  DataTable,
  type ServerTableState,
} from '../../../components/ui/data-table/data-table.tsx';
import { formatInstant } from '../../../lib/format-instant.ts';
import { type ReviewsRequest, useListReviewsQuery } from '../api/reviews.ts';
import { OrganisationSection } from './organisation-page.tsx';

const personName = (p: OrganisationReview['assignee']) =>
  p ? `${p.firstName} ${p.lastName}`.trim() || p.login : null;

/** The columns of a review table: the standard (a link to the review), list, assignee, due date, state. */
function useReviewColumns(organisationId: string): DataColumn<OrganisationReview>[] {
  const { t, i18n } = useTranslation('organisations');
  return useMemo(
    (): DataColumn<OrganisationReview>[] => [
      {
        id: 'standard',
        accessorFn: (r) => r.standard.designation,
        meta: { label: t('reviews.standard'), rowHeader: true, nowrap: true, dir: 'ltr' },
        cell: ({ row: { original: r } }) => (
          <Link to={`/organisations/${organisationId}/reviews/${r.id}`}>
            <bdi>{r.standard.designation}</bdi>
          </Link>
        ),
      },
      { id: 'list', accessorKey: 'listName', meta: { label: t('reviews.list'), dir: 'auto' } },
      {
        id: 'assignee',
        accessorFn: (r) => personName(r.assignee) ?? t('reviews.nobody'),
        meta: { label: t('reviews.assignee'), dir: 'auto' },
      },
      {
        id: 'due',
        accessorKey: 'dueAt',
        meta: { label: t('reviews.due'), nowrap: true },
        cell: ({ row: { original: r } }) => (
          <>
            {formatInstant(r.dueAt, i18n.language)}
            {r.overdue ? <span className="badge text-bg-danger ms-2">{t('reviews.overdue')}</span> : null}
          </>
        ),
      },
      {
        id: 'state',
        accessorFn: (r) =>
          r.status === 'open' ? t('reviews.state.open') : t(`reviews.decision.${r.decision ?? 'affected'}`),
        meta: { label: t('reviews.status') },
      },
    ],
    [t, i18n.language, organisationId],
  );
}

const START: ServerTableState = { pagination: { pageIndex: 0, pageSize: 10 }, sorting: [], filter: '' };

/** One table of reviews, paged by the server (earliest due first). */
function ReviewTable({
  organisationId,
  caption,
  empty,
  filter,
}: {
  organisationId: string;
  caption: string;
  empty: string;
  filter: Pick<ReviewsRequest, 'status' | 'assignee'>;
}) {
  const [state, setState] = useState(START);
  const { pageIndex, pageSize } = state.pagination;
  const reviews = useListReviewsQuery({
    organisationId,
    ...filter,
    offset: pageIndex * pageSize,
    limit: pageSize,
  });
  return (
    <DataTable
      caption={caption}
      captionShown
      columns={useReviewColumns(organisationId)}
      rows={reviews.data?.reviews ?? []}
      rowId={(r) => r.id}
      sortable={false}
      status={{
        isLoading: reviews.isLoading,
        isFetching: reviews.isFetching,
        error: reviews.error,
        onRetry: () => void reviews.refetch(),
      }}
      empty={empty}
      server={{
        state,
        onStateChange: setState,
        rowCount: reviews.data?.total ?? 0,
        pageSizes: DATA_TABLE_PAGE_SIZES,
      }}
      rowClassName={(r) => (r.overdue ? 'table-danger' : undefined)}
    />
  );
}

/** The organisation's reviews: the caller's open ones first, then all of them. */
export function ReviewsSection({ organisation }: { organisation: OrganisationSummary }) {
  const { t } = useTranslation('organisations');
  return (
    <OrganisationSection id="tw-org-reviews" title={t('reviews.title')}>
      <p className="text-body-secondary">{t('reviews.policy', { days: organisation.reviewDueDays })}</p>
      {organisation.role === 'reader' ? null : (
        <ReviewTable
          organisationId={organisation.id}
          caption={t('reviews.mine')}
          empty={t('reviews.emptyMine')}
          filter={{ assignee: 'me', status: 'open' }}
        />
      )}
      <ReviewTable
        organisationId={organisation.id}
        caption={t('reviews.all')}
        empty={t('reviews.empty')}
        filter={{}}
      />
    </OrganisationSection>
  );
}
