import { CONSOLE_USER_ERRORS, type ConsoleUserDetail, personDisplayName } from '@trackwell/contracts';
import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { PendingMessage } from '../../../../components/ui/spinner.tsx';
import { describeApiError } from '../../../../lib/api-errors.ts';
import { notify } from '../../../../lib/notify.ts';
import { ConsoleLoadError } from '../../components/console-load-error.tsx';
import { useActOnUserMutation, useDeleteUserMutation, useGetUserQuery } from '../api/users.ts';
import { formatInstant } from '../lib/format.ts';

type Action = ConsoleUserDetail['actions'][number];

/**
 * One user of the store: profile, factors, signed-in devices, trackings and recent deliveries,
 * and the actions its status allows (the server answers them from the contracts' consoleUserActionsFor), each
 * behind a confirmation; on the administrator's own account, those that would lock them out are not offered,
 * and a note says why. The heading takes the focus when a user is opened, so a keyboard user lands on it.
 */
export function UserDetail({ code, userId, onClose }: { code: string; userId: string; onClose: () => void }) {
  const { t } = useTranslation('console-activity');
  const detail = useGetUserQuery({ code, userId });
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves when another user is opened.
  useEffect(() => heading.current?.focus(), [userId, detail.data === undefined]);
  return (
    <section className="tw-activity__panel" aria-labelledby="tw-user-title">
      <div className="tw-activity__panel-head">
        <h3 id="tw-user-title" className="h5 tw-activity__wrap" tabIndex={-1} ref={heading}>
          {detail.data ? detail.data.user.login : t('users.detailTitle')}
        </h3>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onClose}>
          {t('users.close')}
        </button>
      </div>
      {detail.isLoading ? (
        <PendingMessage>{t('state.loading')}</PendingMessage>
      ) : detail.error || !detail.data ? (
        <ConsoleLoadError error={detail.error} onRetry={detail.refetch} />
      ) : (
        <>
          <UserActions code={code} detail={detail.data} onDeleted={onClose} />
          <UserFacts detail={detail.data} />
        </>
      )}
    </section>
  );
}

function UserActions({
  code,
  detail,
  onDeleted,
}: {
  code: string;
  detail: ConsoleUserDetail;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('console-activity');
  const { t: tCommon } = useTranslation('common');
  const [act] = useActOnUserMutation();
  const [remove] = useDeleteUserMutation();
  const [asking, setAsking] = useState<Action | null>(null);
  const { login } = detail.user;

  async function confirm() {
    const action = asking;
    setAsking(null);
    if (!action) return;
    const userId = detail.user.id;
    const done = action === 'delete' ? await remove({ code, userId }) : await act({ code, userId, action });
    if ('error' in done) {
      const code = (done.error as { data?: { error?: unknown } }).data?.error;
      const known = Object.values(CONSOLE_USER_ERRORS).find((c) => c === code);
      notify.error(known ? t(`users.errors.${known}`) : describeApiError(done.error, tCommon));
      return;
    }
    notify.success(t(`users.done.${action}`, { login }));
    if (action === 'delete') onDeleted();
  }

  const self = detail.self ? <p className="tw-activity__muted">{t('users.self')}</p> : null;
  if (detail.actions.length === 0) return self;
  return (
    <div className="tw-activity__row-actions mb-3">
      {self}
      {detail.actions.map((action) => (
        <button
          key={action}
          type="button"
          className={`btn btn-sm ${action === 'delete' || action === 'deactivate' ? 'btn-outline-danger' : 'btn-outline-primary'}`}
          onClick={() => setAsking(action)}
        >
          {t(`users.actions.${action}`)}
        </button>
      ))}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`users.actions.${asking}`) : ''}
        message={asking ? t(`users.confirm.${asking}`, { login }) : ''}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}

function UserFacts({ detail }: { detail: ConsoleUserDetail }) {
  const { t, i18n } = useTranslation('console-activity');
  const when = (value: string | null) => (value ? formatInstant(value, i18n.language) : t('users.never'));
  const { user } = detail;
  return (
    <div className="tw-user-facts">
      <dl className="tw-user-facts__profile">
        <dt>{t('users.name')}</dt>
        <dd dir="auto">{personDisplayName(user)}</dd>
        <dt>{t('users.email')}</dt>
        <dd dir="ltr">{user.email}</dd>
        <dt>{t('users.status')}</dt>
        <dd>{t(`users.statuses.${user.status}`)}</dd>
        <dt>{t('users.created')}</dt>
        <dd>{when(user.created)}</dd>
        <dt>{t('users.lastLogin')}</dt>
        <dd>{when(user.lastLogin)}</dd>
      </dl>
      <h4 className="h6">{t('users.factors')}</h4>
      {detail.factors.length === 0 ? (
        <p className="tw-activity__muted">{t('users.noFactors')}</p>
      ) : (
        <ul>
          {detail.factors.map((f) => (
            <li key={f.id} dir="ltr">{`${f.factorType} (${f.provider})`}</li>
          ))}
        </ul>
      )}
      <h4 className="h6">{t('users.sessions')}</h4>
      {detail.sessions.length === 0 ? (
        <p className="tw-activity__muted">{t('users.noSessions')}</p>
      ) : (
        <ul>
          {detail.sessions.map((s) => (
            <li key={s.id}>
              {t('users.session', {
                device: [s.browser, s.os].filter(Boolean).join(', ') || t('users.unknownDevice'),
                ip: s.ipAddress || '—',
                at: when(s.lastActiveAt),
              })}
            </li>
          ))}
        </ul>
      )}
      <UserTrackings trackings={detail.trackings} />
      <h4 className="h6">{t('users.deliveries')}</h4>
      {detail.deliveries.length === 0 ? (
        <p className="tw-activity__muted">{t('users.noDeliveries')}</p>
      ) : (
        <ul>
          {detail.deliveries.map((d) => (
            <li key={d.id}>
              <span dir="ltr">{d.designation}</span> {d.title} · {when(d.createdAt)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Everything the user tracks: the standards (how many, the newest), the committees, industry areas and
 * publishers, and whether they follow work items; "Tracks nothing" only when there is none of any kind.
 */
function UserTrackings({ trackings }: { trackings: ConsoleUserDetail['trackings'] }) {
  const { t } = useTranslation('console-activity');
  const sources = [
    ['committees', trackings.committees],
    ['industryAreas', trackings.industryAreas],
    ['publishers', trackings.publishers],
  ] as const;
  const none =
    trackings.count === 0 && !trackings.workItems && sources.every(([, values]) => values.length === 0);
  return (
    <>
      <h4 className="h6">{t('users.trackingsTitle')}</h4>
      {none ? (
        <p className="tw-activity__muted">{t('users.tracksNothing')}</p>
      ) : (
        <dl className="tw-user-facts__trackings">
          <dt>{t('users.trackings', { n: trackings.count })}</dt>
          <dd>
            {trackings.standards.length > 0 ? (
              <ul>
                {trackings.standards.map((s) => (
                  <li key={`${s.designation}:${s.createdAt}`}>
                    <bdi dir="ltr">{s.designation}</bdi> {s.title}
                  </li>
                ))}
              </ul>
            ) : null}
          </dd>
          {sources.map(([kind, values]) => (
            <Fragment key={kind}>
              <dt>{t(`users.tracked.${kind}`, { n: values.length })}</dt>
              <dd>
                {values.map((value, i) => (
                  <Fragment key={value}>
                    {i > 0 ? ', ' : null}
                    <bdi dir="ltr">{value}</bdi>
                  </Fragment>
                ))}
              </dd>
            </Fragment>
          ))}
          <dt>{t('users.tracked.workItems')}</dt>
          <dd>{trackings.workItems ? t('users.tracked.yes') : t('users.tracked.no')}</dd>
        </dl>
      )}
    </>
  );
}
