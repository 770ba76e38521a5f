import { type NotificationItem, titleIn } from '@trackwell/contracts';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExternalLink } from '../../../components/ui/external-link.tsx';
import { directionOf, toBcp47 } from '../../../lib/i18n.ts';
import { useMarkNotificationReadMutation } from '../api/notifications.ts';
import { isolate } from './isolate.ts';
import { SuccessorFollow } from './successor-follow.tsx';

/** The changed standard's title in the reader's language, where the catalogue has it (marked with its language). */
function StandardTitle({
  standard,
  language,
}: {
  standard: { title: string; titles?: Record<string, string> | undefined };
  language: string;
}) {
  const shown = titleIn(language, standard.title, standard.titles);
  return (
    <p className="tw-inbox__subtitle" lang={shown.lang}>
      {shown.text}
    </p>
  );
}

/**
 * One row of "what changed": the new value, after the old one when it changed. The arrow points from old to
 * new in the reading direction (← in Arabic); each value is isolated so a Latin designation keeps its order.
 */
function ChangeRow({ label, before, after }: { label: string; before?: string | null; after: string }) {
  const { i18n } = useTranslation('notifications');
  const arrow = directionOf(i18n.language) === 'rtl' ? '←' : '→';
  return (
    <div className="tw-inbox__row">
      <dt>{label}</dt>
      <dd>
        {before && before !== after ? (
          <>
            <bdi className="tw-inbox__old">{before}</bdi> {arrow} <bdi>{after}</bdi>
          </>
        ) : (
          <bdi>{after}</bdi>
        )}
      </dd>
    </div>
  );
}

/** Where a reason's values go in its translated sentence, to be put there as elements of their own. */
const VALUE_SLOT = '\uE000';
const CITED_SLOT = '\uE001';

/**
 * A translated reason with its values (a designation, a committee; a citation's reference) each a `<bdi>` of
 * its own, isolated inside too (FSI … PDI): laid out as one block (index.css), so a Latin code that wraps in an
 * Arabic sentence keeps its hyphens where they belong.
 */
function reason(sentence: string, values: Record<string, string>) {
  return sentence.split(/([\uE000\uE001])/).map((part, i) => {
    const value = part === VALUE_SLOT ? values.value : part === CITED_SLOT ? values.cited : undefined;
    // biome-ignore lint/suspicious/noArrayIndexKey: the sentence's parts never move
    return value === undefined ? part : <bdi key={i}>{isolate(value)}</bdi>;
  });
}

/**
 * Why: one sentence per reason. A citation says which tracked standard cites the changed one, and whether the
 * latest edition applies (undated) or what became of the cited edition (dated), as the e-mail does.
 */
function ReasonSentence({ r, kind }: { r: NotificationItem['reasons'][number]; kind: string }) {
  const { t } = useTranslation('notifications');
  if (r.type === 'REVIEW') return <ReviewSentence r={r} />;
  if (r.type !== 'CITATION')
    return <>{reason(t(`reason.${r.type}`, { value: VALUE_SLOT }), { value: r.value })}</>;
  const state = t(`citation.state.${kind}`, { defaultValue: t('citation.state.other') });
  const sentence = t(r.dated ? 'citation.dated' : 'citation.undated', {
    value: VALUE_SLOT,
    cited: CITED_SLOT,
    state,
  });
  return (
    <>
      {reason(sentence, { value: r.value, cited: r.cited ?? '' })}
      {r.informative ? ` ${t('citation.informative')}` : null}
    </>
  );
}

/**
 * An organisation review of the change: assigned to the reader, a reminder before its due date, or overdue (to
 * the organisation's owners), with a link to the review.
 */
function ReviewSentence({ r }: { r: NotificationItem['reasons'][number] }) {
  const { t } = useTranslation('notifications');
  const sentence =
    r.stage === 'reminder' || r.stage === 'overdue'
      ? t(`reviewStage.${r.stage}`, { value: VALUE_SLOT })
      : t('reason.REVIEW', { value: VALUE_SLOT });
  return (
    <>
      {reason(sentence, { value: r.value })}{' '}
      {r.organisationId && r.reviewId ? (
        <Link to={`/organisations/${r.organisationId}/reviews/${r.reviewId}`}>{t('reviewLink')}</Link>
      ) : null}
    </>
  );
}

/** What changed, as the e-mail shows it: designation, status, edition, date (standards) or the work item. */
function WhatChanged({ change }: { change: NotificationItem['change'] }) {
  const { t } = useTranslation('notifications');
  const status = (s: string | null | undefined) => (s ? t(`status.${s}`, { defaultValue: s }) : s);
  const { standard: s, workItem: w } = change;
  return (
    <dl className="tw-inbox__changes">
      {s ? (
        <>
          <ChangeRow label={t('field.designation')} before={s.oldDesignation} after={s.designation} />
          <ChangeRow label={t('field.status')} before={status(s.oldStatus)} after={status(s.status) ?? ''} />
          <ChangeRow label={t('field.edition')} after={s.edition} />
          <ChangeRow label={t('field.date')} after={s.date} />
        </>
      ) : null}
      {change.successor ? (
        <ChangeRow
          label={t('field.replacement')}
          before={change.successor.from.designation}
          after={change.successor.to.designation}
        />
      ) : null}
      {w ? (
        <>
          <ChangeRow label={t('field.workItem')} after={`${w.number} — ${w.title}`} />
          <ChangeRow label={t('field.status')} before={status(w.oldStatus)} after={status(w.status) ?? ''} />
          <ChangeRow label={t('field.committee')} after={w.committee} />
        </>
      ) : null}
    </dl>
  );
}

/**
 * One notification — the kind of change and what it is about, what changed (old → new), why the
 * user got it (each tracking that matched), when; unread ones say so and can be marked read.
 */
export function NotificationEntry({ item }: { item: NotificationItem }) {
  const { t, i18n } = useTranslation('notifications');
  const [markRead, { isLoading }] = useMarkNotificationReadMutation();
  const { change } = item;
  const subject = change.standard?.designation ?? change.workItem?.number ?? '';
  const heading = `${t(`kind.${change.kind}`)}: ${subject}`;
  const unread = item.readAt === null;
  const when = new Intl.DateTimeFormat(toBcp47(i18n.language), { dateStyle: 'medium' });
  return (
    <li className={`tw-inbox__item${unread ? ' tw-inbox__item--unread' : ''}`}>
      <div className="tw-inbox__head">
        <h3 className="tw-inbox__title">
          {t(`kind.${change.kind}`)}: <bdi>{subject}</bdi>
        </h3>
        {unread ? <span className="tw-inbox__new">{t('item.unread')}</span> : null}
      </div>
      {change.standard ? <StandardTitle standard={change.standard} language={i18n.language} /> : null}
      {change.summary ? (
        <p className="tw-inbox__summary" dir="auto">
          {change.summary}
        </p>
      ) : null}
      <WhatChanged change={change} />
      {change.successor ? <SuccessorFollow notificationId={item.id} successor={change.successor} /> : null}
      {change.note ? <p>{change.note}</p> : null}
      {change.compareUrl ? (
        <p>
          <ExternalLink href={change.compareUrl}>{t('item.compare')}</ExternalLink>
        </p>
      ) : null}
      <p className="tw-inbox__why">
        <strong>{t('item.why')}</strong>{' '}
        {item.reasons.map((r, i) => (
          <Fragment key={`${r.type}:${r.value}:${r.cited ?? ''}:${r.reviewId ?? ''}:${r.stage ?? ''}`}>
            {i > 0 ? ' ' : null}
            <ReasonSentence r={r} kind={change.kind} />
          </Fragment>
        ))}
      </p>
      <div className="tw-inbox__foot">
        <time dateTime={item.createdAt}>{when.format(new Date(item.createdAt))}</time>
        {unread ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={isLoading}
            onClick={() => void markRead(item.id)}
            aria-label={t('item.markReadLabel', { subject: heading })}
          >
            {t('item.markRead')}
          </button>
        ) : null}
      </div>
    </li>
  );
}
