import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { useGetOrganisationQuery, useListMembersQuery } from '../api/organisations.ts';
import { InvitationsSection } from './invitations-section.tsx';
import { ListsSection } from './lists-section.tsx';
import { MembersSection } from './members-section.tsx';
import { OrganisationPage } from './organisation-page.tsx';
import { ReviewsSection } from './reviews-section.tsx';

/** `/organisations/:id`: the organisation's seats, members, invitations (owners), lists and reviews. */
export function OrganisationScreen() {
  const { t } = useTranslation('organisations');
  const { organisationId = '' } = useParams();
  const organisation = useGetOrganisationQuery(organisationId);
  const members = useListMembersQuery(organisationId);
  const back = (
    <p>
      <Link to="/organisations">{t('back')}</Link>
    </p>
  );
  if (organisation.isLoading)
    return (
      <OrganisationPage title={t('title')}>
        <PendingMessage>{t('loading')}</PendingMessage>
      </OrganisationPage>
    );
  if (organisation.error || !organisation.data)
    return (
      <OrganisationPage title={t('title')}>
        {back}
        <LoadError
          error={organisation.error}
          onRetry={() => void organisation.refetch()}
          retryLabel={t('retry')}
        />
      </OrganisationPage>
    );
  const o = organisation.data;
  return (
    <OrganisationPage title={o.name}>
      {back}
      <p className="text-body-secondary">
        {t('yourRole', { role: t(`role.${o.role}`) })} ·{' '}
        {t('seats', { used: o.seats.used, limit: o.seats.limit })}
      </p>
      <MembersSection organisation={o} members={members} />
      {o.role === 'owner' ? <InvitationsSection organisation={o} /> : null}
      <ListsSection organisation={o} members={members.data ?? []} />
      <ReviewsSection organisation={o} />
    </OrganisationPage>
  );
}
