import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { useListConsoleStoresQuery } from '../api/stores.ts';
import { useConsole } from '../console-context.ts';
import { isOperator, sectionsFor } from '../lib/roles.ts';
import { CreateStoreButton, CreateStoreForm } from '../stores/components/create-store.tsx';
import { Breakable } from './breakable.tsx';
import { ConsoleLoadError } from './console-load-error.tsx';
import { ConsoleScreen } from './console-screen.tsx';

/** `/admin/stores`: the stores the user may run (operators: every store), each opening its first section. */
export function StoreListScreen() {
  const { t } = useTranslation('console');
  const { roles } = useConsole();
  const [firstSection] = sectionsFor(roles);
  const stores = useListConsoleStoresQuery();
  const [creating, setCreating] = useState(false);
  const createRef = useRef<HTMLButtonElement>(null);
  // The primary action; the log of every store is in the navigation.
  const actions = isOperator(roles) ? (
    <CreateStoreButton ref={createRef} open={creating} onClick={() => setCreating(true)} />
  ) : null;
  return (
    <ConsoleScreen title={t('stores.title')} actions={actions}>
      {creating ? (
        <CreateStoreForm
          onCancel={() => {
            setCreating(false);
            requestAnimationFrame(() => createRef.current?.focus());
          }}
        />
      ) : null}
      {stores.isLoading ? (
        <PendingMessage>{t('state.loading')}</PendingMessage>
      ) : stores.error || !stores.data ? (
        <ConsoleLoadError error={stores.error} onRetry={stores.refetch} />
      ) : stores.data.length === 0 ? (
        <p className="tw-console__empty">{t('stores.empty')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle tw-console__table">
            <caption className="tw-visually-hidden">{t('stores.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('stores.name')}</th>
                <th scope="col">{t('stores.code')}</th>
                <th scope="col">{t('stores.host')}</th>
              </tr>
            </thead>
            <tbody>
              {stores.data.map((store) => (
                <tr key={store.code}>
                  <td>
                    <Link to={`/admin/stores/${store.code}/${firstSection ?? ''}`}>{store.name}</Link>
                  </td>
                  <td>
                    <code>{store.code}</code>
                  </td>
                  <td className="tw-console__host">
                    <Breakable text={store.canonicalHost} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ConsoleScreen>
  );
}
