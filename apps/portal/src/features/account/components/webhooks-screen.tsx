import { useTranslation } from 'react-i18next';
import { WebhooksPanel } from '../../webhooks/index.ts';
import { AccountScreen } from './screen.tsx';

/**
 * The user's own webhook endpoints (the tracker API's), in the panel the console uses for a
 * store's. Loaded on first visit (routes.tsx), with the webhooks' own strings.
 */
export default function WebhooksScreen() {
  const { t } = useTranslation('account');
  return (
    <AccountScreen title={t('webhooks.title')}>
      <WebhooksPanel scope={USER_SCOPE} />
    </AccountScreen>
  );
}

const USER_SCOPE = { kind: 'user' } as const;
