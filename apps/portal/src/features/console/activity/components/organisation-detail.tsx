import { personDisplayName } from '@trackwell/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../../components/ui/spinner.tsx';
import { ConsoleLoadError } from '../../components/console-load-error.tsx';
import { useGetStoreOrganisationQuery, useSetSeatLimitMutation } from '../api/organisations.ts';
import { SeatLimitForm } from './seat-limit-form.tsx';

/**
 * One organisation of the store: its seat limit (a form) and its members with their roles. The heading takes
 * the focus when an organisation is opened, so a keyboard user lands on it.
 */
export function OrganisationDetail({
  code,
  organisationId,
  onClose,
}: {
  code: string;
  organisationId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('console-activity');
  const detail = useGetStoreOrganisationQuery({ code, organisationId });
  const [setSeatLimit, saving] = useSetSeatLimitMutation();
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves when another organisation is opened.
  useEffect(() => heading.current?.focus(), [organisationId, detail.data === undefined]);
  const o = detail.data;
  return (
    <section className="tw-activity__panel" aria-labelledby="tw-org-detail-title">
      <div className="tw-activity__panel-head">
        <h3 id="tw-org-detail-title" className="h5 tw-activity__wrap" tabIndex={-1} ref={heading}>
          {o ? <bdi>{o.name}</bdi> : t('organisations.detailTitle')}
        </h3>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onClose}>
          {t('users.close')}
        </button>
      </div>
      {detail.isLoading ? (
        <PendingMessage>{t('state.loading')}</PendingMessage>
      ) : detail.error || !o ? (
        <ConsoleLoadError error={detail.error} onRetry={detail.refetch} />
      ) : (
        <>
          <p>{t('organisations.seatsOf', { used: o.seats.used, limit: o.seats.limit })}</p>
          <SeatLimitForm
            key={o.seats.limit}
            current={o.seats.limit}
            busy={saving.isLoading}
            onSave={async (seatLimit) => 'data' in (await setSeatLimit({ code, organisationId, seatLimit }))}
          />
          <h4 className="h6">{t('organisations.memberList')}</h4>
          {o.memberList.length === 0 ? (
            <p className="text-body-secondary">{t('organisations.noMembers')}</p>
          ) : (
            <ul className="list-unstyled">
              {o.memberList.map((m) => (
                <li key={m.userId}>
                  <bdi>{personDisplayName(m)}</bdi> · <bdi>{m.login}</bdi> ·{' '}
                  {t(`organisations.roles.${m.role}`)}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
