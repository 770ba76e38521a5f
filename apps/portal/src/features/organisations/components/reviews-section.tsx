import type { OrganisationReview, OrganisationSummary } from '@trackwell/contracts';
import { personNameOrLogin } from '@trackwell/contracts';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DATA_TABLE_PAGE_SIZES,
  type DataColumn,
  DataTable,
  type ServerTableState,
} from '../../../components/ui/data-table/data-table.tsx';
import { formatInstant } from '../../../lib/format-instant.ts';
import { notify } from '../../../lib/notify.ts';
import { type ReviewsRequest, useListReviewsQuery, useSetReviewPolicyMutation } from '../api/reviews.ts';
import { OrganisationSection } from './organisation-page.tsx';

const personName = (p: OrganisationReview['assignee']) => (p ? personNameOrLogin(p) : null);

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

/** An owner's form for the review policy: days from a change to its review's due date (1–365). */
function PolicyForm({ organisation }: { organisation: OrganisationSummary }) {
  const { t } = useTranslation('organisations');
  const [days, setDays] = useState(String(organisation.reviewDueDays));
  const [save, { isLoading }] = useSetReviewPolicyMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const done = await save({ organisationId: organisation.id, reviewDueDays: Number(days) });
    if ('data' in done) notify.success(t('reviews.policySaved'));
  };
  return (
    <form className="d-flex flex-wrap gap-2 align-items-end mb-3" onSubmit={(e) => void submit(e)}>
      <div>
        <label className="form-label" htmlFor="tw-review-policy">
          {t('reviews.policyLabel')}
        </label>
        <input
          id="tw-review-policy"
          className="form-control"
          type="number"
          min={1}
          max={365}
          required
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-outline-primary" disabled={isLoading}>
        {t('reviews.policySave')}
      </button>
    </form>
  );
}

/** The organisation's reviews: the policy (an owner changes it), the caller's open ones, then all of them. */
export function ReviewsSection({ organisation }: { organisation: OrganisationSummary }) {
  const { t } = useTranslation('organisations');
  return (
    <OrganisationSection id="tw-org-reviews" title={t('reviews.title')}>
      {organisation.role === 'owner' ? (
        <PolicyForm organisation={organisation} />
      ) : (
        <p className="text-body-secondary">{t('reviews.policy', { days: organisation.reviewDueDays })}</p>
      )}
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
