import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { notify } from '../../../lib/notify.ts';
import { describeMyAccountError } from '../lib/myaccount-errors.ts';
import { useResource } from '../lib/use-resource.ts';
import { AddContactForm, type AddContactFormProps } from './add-contact-form.tsx';
import { AccountScreen, Loaded } from './screen.tsx';
import { VerifyCodeForm } from './verify-code-form.tsx';

/** An e-mail address or a phone number of the account. */
type Contact = { id: string; verified: boolean };

/** A code on its way to a contact, and the challenge it is checked against (phones have none: `void`). */
export type PendingCode<T, C> = { item: T; challenge: C };

/** The myaccount calls of one kind of contact (spec §7 /idp/myaccount/emails, /idp/myaccount/phones). */
export type ContactApi<T, C> = {
  list: () => Promise<T[]>;
  /** Adds the value and sends it a code. */
  add: (value: string) => Promise<PendingCode<T, C>>;
  /** Sends a code (a new challenge; the previous code stops working). */
  sendCode: (item: T) => Promise<C>;
  verify: (pending: PendingCode<T, C>, code: string) => Promise<void>;
  remove: (item: T) => Promise<void>;
};

/** The screen's own words; those that take the address or number get it as their one argument. */
export type ContactListTexts = {
  title: string;
  intro: string;
  listLabel: string;
  empty: string;
  verify: string;
  verifyLabel: (value: string) => string;
  delete: string;
  deleteLabel: (value: string) => string;
  deleteTitle: string;
  deleteMessage: (value: string) => string;
  deleted: (value: string) => string;
  verified: (value: string) => string;
};

export type ContactListScreenProps<T extends Contact, C> = {
  api: ContactApi<T, C>;
  texts: ContactListTexts;
  addForm: Omit<AddContactFormProps, 'onAdd'>;
  /** The address or number, as shown in its row, in the code form and in the messages. */
  value: (item: T) => string;
  /** The row's value direction, when it must not follow the page's (a phone number in Arabic). */
  valueDir?: 'ltr';
  badges: (item: T) => ReactNode;
  canDelete: (item: T) => boolean;
};

type ContactRowProps = {
  texts: ContactListTexts;
  value: string;
  valueDir: 'ltr' | undefined;
  badges: ReactNode;
  canVerify: boolean;
  canDelete: boolean;
  busy: boolean;
  onVerify: () => void;
  onDelete: () => void;
};

/** One address or number: its value and badges, "Verify" while unverified, "Delete" when allowed. */
function ContactRow({
  texts,
  value,
  valueDir,
  badges,
  canVerify,
  canDelete,
  busy,
  onVerify,
  onDelete,
}: ContactRowProps) {
  return (
    <li className="tw-account__item">
      <div className="tw-account__item-main">
        <bdi className="tw-account__value" dir={valueDir}>
          {value}
        </bdi>
        <span className="tw-account__badges">{badges}</span>
      </div>
      <div className="tw-account__item-actions">
        {canVerify ? (
          <button
            type="button"
            aria-label={texts.verifyLabel(value)}
            className="btn btn-outline-primary btn-sm"
            disabled={busy}
            onClick={onVerify}
          >
            {texts.verify}
          </button>
        ) : null}
        {canDelete ? (
          <button
            type="button"
            aria-label={texts.deleteLabel(value)}
            className="btn btn-outline-danger btn-sm"
            disabled={busy}
            onClick={onDelete}
          >
            {texts.delete}
          </button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * What the screen does with a contact: send it a code (then the code form shows), delete it after the Yes.
 * A failure is said in a toast; the list is read again after a change.
 */
function useContactActions<T extends Contact, C>(
  api: ContactApi<T, C>,
  texts: ContactListTexts,
  value: (item: T) => string,
  reload: () => Promise<unknown>,
) {
  const { t } = useTranslation('account');
  const [pending, setPending] = useState<PendingCode<T, C>>();
  const [deleting, setDeleting] = useState<T>();
  const [busyId, setBusyId] = useState<string>();
  async function startVerification(item: T) {
    setBusyId(item.id);
    try {
      setPending({ item, challenge: await api.sendCode(item) });
    } catch (error) {
      notify.error(describeMyAccountError(error, t));
    } finally {
      setBusyId(undefined);
    }
  }
  async function confirmDelete(item: T) {
    setDeleting(undefined);
    setBusyId(item.id);
    try {
      await api.remove(item);
      notify.success(texts.deleted(value(item)));
      if (pending?.item.id === item.id) setPending(undefined);
      await reload();
    } catch (error) {
      notify.error(describeMyAccountError(error, t));
    } finally {
      setBusyId(undefined);
    }
  }
  return { pending, setPending, deleting, setDeleting, busyId, startVerification, confirmDelete };
}

/**
 * spec §4 "UNVERIFIED until a challenge is verified", §5 "Delete … need a Yes confirmation": the screen of the
 * e-mail addresses and of the phone numbers. The list with its badges; adding a contact (which sends it a code)
 * or "Verify" on an unverified one opens the code form in place of the add form; deleting asks for a Yes.
 */
export function ContactListScreen<T extends Contact, C>({
  api,
  texts,
  addForm,
  value,
  valueDir,
  badges,
  canDelete,
}: ContactListScreenProps<T, C>) {
  const { state, reload } = useResource(api.list);
  const { pending, setPending, deleting, setDeleting, busyId, startVerification, confirmDelete } =
    useContactActions(api, texts, value, reload);

  return (
    <AccountScreen title={texts.title}>
      <p className="tw-account__intro">{texts.intro}</p>
      <Loaded resource={state} onRetry={() => void reload()}>
        {(items) =>
          items.length ? (
            <ul className="tw-account__list" aria-label={texts.listLabel}>
              {items.map((item) => (
                <ContactRow
                  key={item.id}
                  texts={texts}
                  value={value(item)}
                  valueDir={valueDir}
                  badges={badges(item)}
                  canVerify={!item.verified && pending?.item.id !== item.id}
                  canDelete={canDelete(item)}
                  busy={busyId === item.id}
                  onVerify={() => void startVerification(item)}
                  onDelete={() => setDeleting(item)}
                />
              ))}
            </ul>
          ) : (
            <p className="tw-account__empty">{texts.empty}</p>
          )
        }
      </Loaded>
      {pending ? (
        <VerifyCodeForm
          key={pending.item.id}
          destination={value(pending.item)}
          onVerify={async (code) => {
            await api.verify(pending, code);
            setPending(undefined);
            notify.success(texts.verified(value(pending.item)));
            await reload();
          }}
          onResend={async () => {
            setPending({ item: pending.item, challenge: await api.sendCode(pending.item) });
          }}
          onCancel={() => setPending(undefined)}
        />
      ) : state.status === 'ready' ? (
        <AddContactForm
          {...addForm}
          onAdd={async (entered) => {
            setPending(await api.add(entered));
            await reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== undefined}
        title={texts.deleteTitle}
        message={texts.deleteMessage(deleting ? value(deleting) : '')}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onCancel={() => setDeleting(undefined)}
      />
    </AccountScreen>
  );
}
