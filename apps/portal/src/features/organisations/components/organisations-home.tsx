import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SubmitButton } from '../../../components/forms/form-buttons.tsx';
import { Field } from '../../../components/forms/form-field.tsx';
import { ListState } from '../../../components/ui/list-state.tsx';
import { notify } from '../../../lib/notify.ts';
import { useCreateOrganisationMutation, useListMyOrganisationsQuery } from '../api/organisations.ts';
import { isolate } from '../lib/isolate.ts';
import { OrganisationPage, OrganisationSection } from './organisation-page.tsx';

/** `/organisations`: the organisations I belong to (with my role and the seats), and a new one. */
export function OrganisationsHome() {
  const { t } = useTranslation('organisations');
  const query = useListMyOrganisationsQuery();
  return (
    <OrganisationPage title={t('title')}>
      <p className="text-body-secondary">{t('intro')}</p>
      <OrganisationSection id="tw-org-mine" title={t('mine')}>
        <ListState
          query={query}
          empty={t('empty')}
          emptyClassName="text-body-secondary"
          labels={{ loading: t('loading'), retry: t('retry') }}
        >
          {(organisations) => (
            <ul className="list-group tw-org__list">
              {organisations.map((o) => (
                <li key={o.id} className="list-group-item d-flex flex-wrap justify-content-between gap-2">
                  <Link to={`/organisations/${o.id}`} className="fw-semibold">
                    <bdi>{o.name}</bdi>
                  </Link>
                  <span className="text-body-secondary small">
                    {t(`role.${o.role}`)} · {t('seats', { used: o.seats.used, limit: o.seats.limit })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </ListState>
      </OrganisationSection>
      <CreateOrganisationForm />
    </OrganisationPage>
  );
}

function CreateOrganisationForm() {
  const { t } = useTranslation('organisations');
  const [name, setName] = useState('');
  const [create, { isLoading }] = useCreateOrganisationMutation();
  const navigate = useNavigate();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await create({ name });
    if ('data' in result && result.data) {
      notify.success(t('create.done', { name: isolate(result.data.name) }));
      setName('');
      void navigate(`/organisations/${result.data.id}`);
    }
  };
  return (
    <OrganisationSection id="tw-org-create" title={t('create.title')}>
      <form onSubmit={submit} className="tw-org__form">
        <Field
          label={t('create.name')}
          value={name}
          onChange={setName}
          autoComplete="organization"
          maxLength={120}
        />
        <SubmitButton busy={isLoading} label={t('create.submit')} busyLabel={t('working')} />
      </form>
    </OrganisationSection>
  );
}
