import { useTranslation } from 'react-i18next';
import { useAccount } from '../account-context.ts';
import type { AccountPhone } from '../lib/myaccount.ts';
import { ContactListScreen } from './contact-list-screen.tsx';
import { VerifiedBadge } from './status-badges.tsx';

/** What the identity provider accepts: digits, spaces, ( ) - and a leading +, at least 6 digits. */
const PHONE_PATTERN = /^\+?[0-9 ()-]{6,24}$/;
const validPhone = (value: string) => PHONE_PATTERN.test(value) && (value.match(/\d/g) ?? []).length >= 6;

/**
 * spec §7 /idp/myaccount/phones, §4 "UNVERIFIED until a challenge is verified": the list, adding a number (an
 * SMS code is sent; on this platform's local setup it lands in the mail inbox), verifying it, deleting it after
 * a Yes.
 */
export function PhonesScreen() {
  const { t } = useTranslation('account');
  const { client } = useAccount();
  return (
    // A phone's code is checked against the number itself: there is no challenge to keep (`void`).
    <ContactListScreen<AccountPhone, void>
      api={{
        list: () => client.listPhones(),
        add: async (number) => ({ item: await client.addPhone(number), challenge: undefined }),
        sendCode: (phone) => client.sendPhoneCode(phone.id),
        verify: ({ item }, code) => client.verifyPhone(item.id, code),
        remove: (phone) => client.deletePhone(phone.id),
      }}
      value={(phone) => phone.number}
      valueDir="ltr"
      badges={(phone) => <VerifiedBadge verified={phone.verified} />}
      canDelete={() => true}
      texts={{
        title: t('phones.title'),
        intro: t('phones.intro'),
        listLabel: t('phones.listLabel'),
        empty: t('phones.empty'),
        verify: t('phones.verify'),
        verifyLabel: (number) => t('phones.verifyLabel', { number }),
        delete: t('phones.delete'),
        deleteLabel: (number) => t('phones.deleteLabel', { number }),
        deleteTitle: t('phones.deleteTitle'),
        deleteMessage: (number) => t('phones.deleteMessage', { number }),
        deleted: (number) => t('phones.deleted', { number }),
        verified: (number) => t('phones.verified', { number }),
      }}
      addForm={{
        title: t('phones.addTitle'),
        label: t('phones.numberLabel'),
        hint: t('phones.addHint'),
        submit: t('phones.add'),
        submitting: t('phones.adding'),
        invalid: t('phones.invalidNumber'),
        type: 'tel',
        isValid: validPhone,
      }}
    />
  );
}
