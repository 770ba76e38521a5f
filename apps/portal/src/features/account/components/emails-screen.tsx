import { useTranslation } from 'react-i18next';
import { useAccount } from '../account-context.ts';
import type { AccountEmail, EmailChallenge } from '../lib/myaccount.ts';
import { ContactListScreen } from './contact-list-screen.tsx';
import { RoleBadge, VerifiedBadge } from './status-badges.tsx';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX_LENGTH = 254;

/**
 * spec §7 /idp/myaccount/emails, §3 roles and status, §4 "UNVERIFIED until a challenge is verified": the list
 * with its badges, adding an address (which sends it a code), verifying it, and deleting a secondary one after
 * a Yes (spec §5 "Delete … need a Yes confirmation"). The primary address is the sign-in and cannot be removed.
 */
export function EmailsScreen() {
  const { t } = useTranslation('account');
  const { client } = useAccount();
  return (
    <ContactListScreen<AccountEmail, EmailChallenge>
      api={{
        list: () => client.listEmails(),
        add: async (address) => {
          const { email, challenge } = await client.addEmail(address);
          return { item: email, challenge };
        },
        // Only the challenge's answer names the challenge id the code is checked against.
        sendCode: (email) => client.sendEmailCode(email.id),
        verify: ({ item, challenge }, code) => client.verifyEmail(item.id, challenge.id, code),
        remove: (email) => client.deleteEmail(email.id),
      }}
      value={(email) => email.address}
      badges={(email) => (
        <>
          <RoleBadge primary={email.primary} />
          <VerifiedBadge verified={email.verified} />
        </>
      )}
      canDelete={(email) => !email.primary}
      texts={{
        title: t('emails.title'),
        intro: t('emails.intro'),
        listLabel: t('emails.listLabel'),
        empty: t('emails.empty'),
        verify: t('emails.verify'),
        verifyLabel: (address) => t('emails.verifyLabel', { address }),
        delete: t('emails.delete'),
        deleteLabel: (address) => t('emails.deleteLabel', { address }),
        deleteTitle: t('emails.deleteTitle'),
        deleteMessage: (address) => t('emails.deleteMessage', { address }),
        deleted: (address) => t('emails.deleted', { address }),
        verified: (address) => t('emails.verified', { address }),
      }}
      addForm={{
        title: t('emails.addTitle'),
        label: t('emails.addressLabel'),
        hint: t('emails.addHint'),
        submit: t('emails.add'),
        submitting: t('emails.adding'),
        invalid: t('emails.invalidAddress'),
        type: 'email',
        isValid: (address) => EMAIL_PATTERN.test(address) && address.length <= EMAIL_MAX_LENGTH,
      }}
    />
  );
}
