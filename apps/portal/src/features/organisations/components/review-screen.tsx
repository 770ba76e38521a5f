import {
  type OrganisationMember,
  type OrganisationReview,
  type OrganisationRole,
  personNameOrLogin,
  REVIEW_DECISIONS,
  roleMay,
} from '@trackwell/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { formatInstant } from '../../../lib/format-instant.ts';
import { notify } from '../../../lib/notify.ts';
import { useGetOrganisationQuery, useListMembersQuery } from '../api/organisations.ts';
import {
  type ReviewDetail,
  useGetReviewQuery,
  useReassignReviewMutation,
  useReopenReviewMutation,
  useSignOffReviewMutation,
} from '../api/reviews.ts';
import { OrganisationPage, OrganisationSection } from './organisation-page.tsx';
import { ReviewComment, ReviewHistory } from './review-history.tsx';

type Ref = { organisationId: string; reviewId: string };

/** The decision form: a radio group, a note, evidence links (one per line) and the sign-off button. */
function SignOffForm({ ids, review }: { ids: Ref; review: OrganisationReview }) {
  const { t } = useTranslation('organisations');
  const [decision, setDecision] = useState(review.decision ?? '');
  const [note, setNote] = useState(review.note);
  const [links, setLinks] = useState(review.evidenceLinks.join('\n'));
  const [signOff, { isLoading }] = useSignOffReviewMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!decision) return;
    const evidenceLinks = links
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const done = await signOff({ ...ids, decision: decision as never, note, evidenceLinks });
    if ('data' in done) notify.success(t('reviews.signedOff'));
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="mt-3">
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('reviews.decide')}</legend>
        {REVIEW_DECISIONS.map((d) => (
          <div className="form-check" key={d}>
            <input
              className="form-check-input"
              type="radio"
              name="decision"
              id={`tw-decision-${d}`}
              value={d}
              checked={decision === d}
              onChange={() => setDecision(d)}
              required
            />
            <label className="form-check-label" htmlFor={`tw-decision-${d}`}>
              {t(`reviews.decision.${d}`)}
            </label>
          </div>
        ))}
      </fieldset>
      <label className="form-label" htmlFor="tw-review-note">
        {t('reviews.note')}
      </label>
      <textarea
        id="tw-review-note"
        className="form-control mb-3"
        rows={3}
        value={note}
        dir="auto"
        maxLength={4000}
        onChange={(e) => setNote(e.target.value)}
      />
      <label className="form-label" htmlFor="tw-review-links">
        {t('reviews.links')}
      </label>
      <textarea
        id="tw-review-links"
        className="form-control mb-3"
        rows={3}
        value={links}
        dir="ltr"
        onChange={(e) => setLinks(e.target.value)}
      />
      <button type="submit" className="btn btn-primary" disabled={isLoading || !decision}>
        {isLoading ? t('working') : t('reviews.signOff')}
      </button>
    </form>
  );
}

/** Owners and editors: assign the open review to another member who may sign off, or reopen a signed-off one. */
function ManageReview({
  ids,
  review,
  members,
}: {
  ids: Ref;
  review: OrganisationReview;
  members: OrganisationMember[];
}) {
  const { t } = useTranslation('organisations');
  const [assignee, setAssignee] = useState(review.assignee?.userId ?? '');
  const [reassign, reassigning] = useReassignReviewMutation();
  const [reopen, reopening] = useReopenReviewMutation();
  if (review.status === 'signed_off')
    return (
      <button
        type="button"
        className="btn btn-outline-secondary"
        disabled={reopening.isLoading}
        onClick={() =>
          void reopen({ ...ids, reason: '' }).then(
            (r) => 'data' in r && notify.success(t('reviews.reopened')),
          )
        }
      >
        {t('reviews.reopen')}
      </button>
    );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const done = await reassign({ ...ids, assigneeUserId: assignee });
    if ('data' in done) notify.success(t('reviews.reassigned'));
  };
  return (
    <form className="d-flex flex-wrap gap-2 align-items-end" onSubmit={(e) => void submit(e)}>
      <div>
        <label className="form-label" htmlFor="tw-review-assignee">
          {t('reviews.reassign')}
        </label>
        <select
          id="tw-review-assignee"
          className="form-select"
          value={assignee}
          onChange={(e) => setAssignee(e.target.value)}
        >
          {members
            .filter((m) => m.role !== 'reader')
            .map((m) => (
              <option key={m.userId} value={m.userId}>
                {personNameOrLogin(m)}
              </option>
            ))}
        </select>
      </div>
      <button type="submit" className="btn btn-outline-primary" disabled={reassigning.isLoading || !assignee}>
        {t('reviews.reassignSubmit')}
      </button>
    </form>
  );
}

/** What the review is about, who has it, when it is due, and its sign-off. */
function ReviewFacts({ review: r }: { review: OrganisationReview }) {
  const { t, i18n } = useTranslation(['organisations', 'notifications']);
  const name = (p: OrganisationReview['assignee']) => (p ? personNameOrLogin(p) : t('reviews.nobody'));
  return (
    <dl className="tw-org__facts">
      <dt>{t('reviews.change')}</dt>
      <dd>
        {t(`notifications:kind.${r.changeKind}` as never)} · <bdi>{r.standard.designation}</bdi>
        {r.change.edition ? (
          <>
            {' '}
            · <bdi>{r.change.edition}</bdi>
          </>
        ) : null}
      </dd>
      <dt>{t('reviews.list')}</dt>
      <dd>
        <bdi>{r.listName}</bdi>
      </dd>
      <dt>{t('reviews.assignee')}</dt>
      <dd>
        <bdi>{name(r.assignee)}</bdi>
      </dd>
      <dt>{t('reviews.due')}</dt>
      <dd>
        {formatInstant(r.dueAt, i18n.language)}
        {r.overdue ? <span className="badge text-bg-danger ms-2">{t('reviews.overdue')}</span> : null}
      </dd>
      <dt>{t('reviews.status')}</dt>
      <dd>
        {r.status === 'open'
          ? t('reviews.state.open')
          : `${t(`reviews.decision.${r.decision ?? 'affected'}`)} · ${t('reviews.signedOffBy', {
              name: name(r.signedOffBy),
              date: formatInstant(r.signedOffAt, i18n.language),
            })}`}
      </dd>
    </dl>
  );
}

function ReviewBody({
  ids,
  data,
  role,
  members,
}: {
  ids: Ref;
  data: ReviewDetail;
  role: OrganisationRole;
  members: OrganisationMember[];
}) {
  const { t } = useTranslation('organisations');
  const { review } = data;
  // A reviewer who is not the assignee is refused by the server (403), said in a toast.
  return (
    <>
      <ReviewFacts review={review} />
      {review.status === 'open' && roleMay(role, 'signOffReviews') ? (
        <OrganisationSection id="tw-review-decide" title={t('reviews.decide')}>
          <SignOffForm ids={ids} review={review} key={review.id + review.status} />
        </OrganisationSection>
      ) : null}
      {roleMay(role, 'manageReviews') ? <ManageReview ids={ids} review={review} members={members} /> : null}
      <ReviewHistory history={data.history} />
      {roleMay(role, 'commentOnReviews') ? <ReviewComment ids={ids} /> : null}
    </>
  );
}

/** `/organisations/:organisationId/reviews/:reviewId`: one review, its decision, history and comments. */
export function ReviewScreen() {
  const { t } = useTranslation('organisations');
  const { organisationId = '', reviewId = '' } = useParams();
  const ids = { organisationId, reviewId };
  const organisation = useGetOrganisationQuery(organisationId);
  const members = useListMembersQuery(organisationId);
  const review = useGetReviewQuery(ids);
  const back = (
    <p>
      <Link to={`/organisations/${organisationId}`}>{t('reviews.back')}</Link>
    </p>
  );
  if (review.isLoading || organisation.isLoading)
    return (
      <OrganisationPage title={t('reviews.title')}>
        <PendingMessage>{t('loading')}</PendingMessage>
      </OrganisationPage>
    );
  if (review.error || !review.data || !organisation.data)
    return (
      <OrganisationPage title={t('reviews.title')}>
        {back}
        <LoadError
          error={review.error ?? organisation.error}
          onRetry={() => void review.refetch()}
          retryLabel={t('retry')}
        />
      </OrganisationPage>
    );
  return (
    <OrganisationPage title={t('reviews.heading', { designation: review.data.review.standard.designation })}>
      {back}
      <ReviewBody ids={ids} data={review.data} role={organisation.data.role} members={members.data ?? []} />
    </OrganisationPage>
  );
}
