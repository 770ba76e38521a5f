import { useTranslation } from 'react-i18next';

/** spec §3: PRIMARY or SECONDARY. */
export function RoleBadge({ primary }: { primary: boolean }) {
  const { t } = useTranslation('account');
  return (
    <span className={`tw-badge ${primary ? 'tw-badge--primary' : 'tw-badge--neutral'}`}>
      {primary ? t('badge.primary') : t('badge.secondary')}
    </span>
  );
}

/** spec §4: UNVERIFIED until a challenge is verified, then VERIFIED. */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  const { t } = useTranslation('account');
  return (
    <span className={`tw-badge ${verified ? 'tw-badge--success' : 'tw-badge--warning'}`}>
      {verified ? t('badge.verified') : t('badge.unverified')}
    </span>
  );
}
