import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../../components/ui/spinner.tsx';
import { ConsoleScreen } from '../../components/console-screen.tsx';
import { useConsole } from '../../console-context.ts';
import '../catalog.css';
import { ChangeForm } from './change-form.tsx';
import { RecentChanges } from './recent-changes.tsx';

/**
 * Publishing catalogue changes: the form, then the recent changes with their e-mails counted
 * (the deliveries' list: administrators and operators; a catalogue editor is told where to ask).
 */
export function ChangesScreen({ code }: { code: string }) {
  const { t, ready } = useTranslation('console-catalog');
  const { roles } = useConsole();
  if (!ready) return <PendingMessage>{t('state.loading')}</PendingMessage>;
  const readsDeliveries = roles.includes('platform_operator') || roles.includes('store_admin');
  return (
    <ConsoleScreen title={t('changes.title')}>
      <ChangeForm code={code} />
      {readsDeliveries ? (
        <RecentChanges code={code} />
      ) : (
        <p className="form-text">{t('recent.editorsNote')}</p>
      )}
    </ConsoleScreen>
  );
}
