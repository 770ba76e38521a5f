import {
  type OrganisationList,
  type OrganisationMember,
  type OrganisationSummary,
  personNameOrLogin,
  roleMay,
} from '@trackwell/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/form-buttons.tsx';
import { Field } from '../../../components/forms/form-field.tsx';
import { ListState } from '../../../components/ui/list-state.tsx';
import { notify } from '../../../lib/notify.ts';
import { useCreateListMutation, useListListsQuery } from '../api/organisations.ts';
import { isolate } from '../lib/isolate.ts';
import { EvidenceReport } from './evidence-report.tsx';
import { ListRecipients } from './list-recipients.tsx';
import { ListStandards } from './list-standards.tsx';
import { OrganisationSection } from './organisation-page.tsx';

/** A member as the portal names people: last name first (contracts' person-name rule), else the login. */
export const memberName = (m: { firstName: string; lastName: string; login: string }) => personNameOrLogin(m);

/** The organisation's watch lists with their responsible person; editors create lists and change them. */
export function ListsSection({
  organisation,
  members,
}: {
  organisation: OrganisationSummary;
  members: OrganisationMember[];
}) {
  const { t } = useTranslation('organisations');
  const lists = useListListsQuery(organisation.id);
  const editor = roleMay(organisation.role, 'editLists');
  return (
    <OrganisationSection id="tw-org-lists" title={t('lists.title')}>
      {editor ? <CreateListForm organisationId={organisation.id} members={members} /> : null}
      <ListState
        query={lists}
        empty={t('lists.empty')}
        emptyClassName="text-body-secondary"
        labels={{ loading: t('loading'), retry: t('retry') }}
      >
        {(rows) => (
          <ul className="list-unstyled tw-org__lists">
            {rows.map((list) => (
              <ListItem
                key={list.id}
                organisationId={organisation.id}
                list={list}
                editor={editor}
                evidence={roleMay(organisation.role, 'evidence')}
              />
            ))}
          </ul>
        )}
      </ListState>
    </OrganisationSection>
  );
}

function ListItem({
  organisationId,
  list,
  editor,
  evidence,
}: {
  organisationId: string;
  list: OrganisationList;
  editor: boolean;
  evidence: boolean;
}) {
  const { t } = useTranslation('organisations');
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <li className="card tw-org__card">
      <div className="card-body">
        <h3 className="h6 mb-1">
          <bdi>{list.name}</bdi>
        </h3>
        <p className="small text-body-secondary mb-2">
          {t('lists.responsible')}:{' '}
          {list.responsible ? <bdi>{memberName(list.responsible)}</bdi> : t('lists.noResponsible')} ·{' '}
          {t('lists.standards', { count: list.standardCount })}
        </p>
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => setOpen(!open)}
        >
          {open ? t('lists.hide') : t('lists.show')}
          <span className="visually-hidden"> {list.name}</span>
        </button>
        <div id={panel} hidden={!open}>
          {open ? (
            <>
              <ListStandards organisationId={organisationId} listId={list.id} editor={editor} />
              {evidence ? <EvidenceReport organisationId={organisationId} listId={list.id} /> : null}
              <ListRecipients organisationId={organisationId} listId={list.id} editor={editor} />
            </>
          ) : null}
        </div>
      </div>
    </li>
  );
}

function CreateListForm({
  organisationId,
  members,
}: {
  organisationId: string;
  members: OrganisationMember[];
}) {
  const { t } = useTranslation('organisations');
  const [name, setName] = useState('');
  const [responsible, setResponsible] = useState('');
  const [create, { isLoading }] = useCreateListMutation();
  const select = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const responsibleUserId = responsible || members[0]?.userId || '';
    const result = await create({ organisationId, name, responsibleUserId });
    if ('data' in result) {
      notify.success(t('lists.created', { name: isolate(name) }));
      setName('');
    }
  };
  return (
    <form onSubmit={submit} className="tw-org__form">
      <Field label={t('lists.name')} value={name} onChange={setName} autoComplete="off" maxLength={120} />
      <div className="tw-org__field">
        <label htmlFor={select} className="form-label">
          {t('lists.responsible')}
        </label>
        <select
          id={select}
          className="form-select form-select-sm"
          value={responsible || members[0]?.userId || ''}
          onChange={(e) => setResponsible(e.target.value)}
          required
        >
          {members.map((m) => (
            <option key={m.userId} value={m.userId}>
              {memberName(m)}
            </option>
          ))}
        </select>
      </div>
      <SubmitButton busy={isLoading} label={t('lists.create')} busyLabel={t('working')} />
    </form>
  );
}
