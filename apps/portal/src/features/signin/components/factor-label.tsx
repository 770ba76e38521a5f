import { useTranslation } from 'react-i18next';
import type { Factor } from '../lib/transaction.ts';

/** What a factor is, in words: "E-mail code to j…e@example.com", "Authenticator app", "Push approval". */
export function FactorLabel({ factor }: { factor: Factor }) {
  const { t } = useTranslation('signin');
  switch (factor.factorType) {
    case 'email':
      return (
        <>
          <span className="d-block fw-semibold">{t('factors.email')}</span>
          {factor.profile?.email ? (
            <span className="d-block small" dir="ltr">
              {factor.profile.email}
            </span>
          ) : null}
        </>
      );
    case 'token:software:totp':
      return (
        <>
          <span className="d-block fw-semibold">{t('factors.totp')}</span>
          <span className="d-block small">{t('factors.totpHint')}</span>
        </>
      );
    case 'push':
      return (
        <>
          <span className="d-block fw-semibold">{t('factors.push')}</span>
          <span className="d-block small">{t('factors.pushHint')}</span>
        </>
      );
    default:
      return <span className="d-block fw-semibold">{t('factors.other')}</span>;
  }
}
