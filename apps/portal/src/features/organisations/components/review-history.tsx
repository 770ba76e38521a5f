import type { ReviewEvent } from '@trackwell/contracts';
import { personNameOrLogin } from '@trackwell/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../../lib/format-instant.ts';
import { notify } from '../../../lib/notify.ts';
import { useCommentOnReviewMutation } from '../api/reviews.ts';
import { OrganisationSection } from './organisation-page.tsx';

/** What an event carries, in words: a comment's text, a decision with its note and links, a reopening's reason. */
function EventDetail({ event }: { event: ReviewEvent }) {
  const { t } = useTranslation('organisations');
  const d = event.detail as {
    text?: string;
    decision?: string;
    note?: string;
    evidenceLinks?: string[];
    reason?: string;
  };
  if (event.kind === 'commented')
    return (
      <p dir="auto" className="mb-0">
        {d.text}
      </p>
    );
  if (event.kind === 'reopened' && d.reason)
    return (
      <p dir="auto" className="mb-0">
        {d.reason}
      </p>
    );
  if (event.kind !== 'decided') return null;
  return (
    <>
      <p className="mb-0">{t(`reviews.decision.${d.decision ?? 'affected'}` as never)}</p>
      {d.note ? (
        <p dir="auto" className="mb-0">
          {d.note}
        </p>
      ) : null}
      {d.evidenceLinks?.length ? (
        <ul className="mb-0">
          {d.evidenceLinks.map((l) => (
            <li key={l}>
              <a href={l} rel="noopener noreferrer" target="_blank" dir="ltr">
                {l}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** The review's history, oldest first: what happened, who did it (or the system), and when. */
export function ReviewHistory({ history }: { history: ReviewEvent[] }) {
  const { t, i18n } = useTranslation('organisations');
  return (
    <OrganisationSection id="tw-review-history" title={t('reviews.history')}>
      <ol className="list-unstyled tw-org__history">
        {history.map((e) => (
          <li key={e.id} className="mb-2">
            <strong>{t(`reviews.event.${e.kind}`)}</strong> ·{' '}
            <bdi>{e.actor ? personNameOrLogin(e.actor) : t('reviews.system')}</bdi> ·{' '}
            <time dateTime={e.at}>{formatInstant(e.at, i18n.language)}</time>
            <EventDetail event={e} />
          </li>
        ))}
      </ol>
    </OrganisationSection>
  );
}

/** The comment box (owners, editors, reviewers). */
export function ReviewComment({ ids }: { ids: { organisationId: string; reviewId: string } }) {
  const { t } = useTranslation('organisations');
  const [text, setText] = useState('');
  const [comment, { isLoading }] = useCommentOnReviewMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const done = await comment({ ...ids, text });
    if ('data' in done) {
      setText('');
      notify.success(t('reviews.commented'));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="mt-3">
      <label className="form-label" htmlFor="tw-review-comment">
        {t('reviews.comment')}
      </label>
      <textarea
        id="tw-review-comment"
        className="form-control mb-2"
        rows={2}
        value={text}
        dir="auto"
        required
        maxLength={2000}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="btn btn-outline-primary" disabled={isLoading || !text.trim()}>
        {t('reviews.commentSubmit')}
      </button>
    </form>
  );
}
