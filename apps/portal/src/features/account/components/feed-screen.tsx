import { useTranslation } from 'react-i18next';
import { FeedSettings } from '../../notifications/index.ts';
import { AccountScreen } from './screen.tsx';

/** The private Atom feed of the user's notifications — its secret URL, copy, reset. */
export function FeedScreen() {
  const { t } = useTranslation('account');
  return (
    <AccountScreen title={t('feed.title')}>
      <FeedSettings />
    </AccountScreen>
  );
}
