import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { useListConsoleStoresQuery } from '../api/stores.ts';
import { useConsole } from '../console-context.ts';
import { isOperator, sectionsFor } from '../lib/roles.ts';
import { ConsoleLoadError } from './console-load-error.tsx';
import { SECTION_SCREENS } from './store-sections.tsx';

/** The console's frame: its title, then the screen. */
export function ConsoleLayout() {
  const { t } = useTranslation('console');
  return (
    <div className="tw-console">
      <h1 className="tw-page-title">{t('title')}</h1>
      <Outlet />
    </div>
  );
}

/** The sections the user's roles open, that the console has screens for, in navigation order. */
function useSections() {
  const { roles } = useConsole();
  return sectionsFor(roles).filter((section) => SECTION_SCREENS[section]);
}

/**
 * `/admin/stores/:code/*`: one store, a store switcher (for whoever runs several), the navigation of its
 * sections, and the section's screen.
 */
export function StoreArea() {
  const { code = '' } = useParams();
  const { t } = useTranslation('console');
  const sections = useSections();
  const stores = useListConsoleStoresQuery();
  if (stores.isLoading) return <PendingMessage>{t('state.loading')}</PendingMessage>;
  if (stores.error || !stores.data) return <ConsoleLoadError error={stores.error} onRetry={stores.refetch} />;
  const store = stores.data.find((s) => s.code === code);
  if (!store) return <p className="tw-console__empty">{t('stores.notFound', { code })}</p>;
  return (
    <div className="tw-console__store">
      <StoreSwitcher code={code} stores={stores.data} name={store.name} />
      <div className="tw-console__layout">
        <nav className="tw-console__nav" aria-label={t('nav.label', { store: store.name })}>
          <ul>
            {sections.map((section) => (
              <li key={section}>
                <NavLink to={`/admin/stores/${code}/${section}`} className="tw-console__nav-link">
                  {t(`nav.${section}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="tw-console__content">
          <Routes>
            {sections.map((section) => {
              const Screen = SECTION_SCREENS[section];
              return Screen ? <Route key={section} path={section} element={<Screen code={code} />} /> : null;
            })}
            <Route
              path="*"
              element={<Navigate to={`/admin/stores/${code}/${sections[0] ?? ''}`} replace />}
            />
          </Routes>
        </div>
      </div>
    </div>
  );
}

/** The store's name; with more than one store, a select that moves to the same section of another. */
function StoreSwitcher({
  code,
  name,
  stores,
}: {
  code: string;
  name: string;
  stores: { code: string; name: string }[];
}) {
  const { t } = useTranslation('console');
  const { roles } = useConsole();
  const navigate = useNavigate();
  // /admin/stores/<code>/<section>: the same section of the other store.
  const section = useLocation().pathname.split('/')[4] ?? '';
  return (
    <div className="tw-console__store-head">
      <p className="tw-console__store-name">
        <span className="tw-visually-hidden">{t('stores.current')} </span>
        {name}
      </p>
      {stores.length > 1 ? (
        <label className="tw-console__switch">
          <span>{t('stores.switch')}</span>
          <select
            className="form-select form-select-sm"
            value={code}
            onChange={(event) => navigate(`/admin/stores/${event.target.value}/${section}`)}
          >
            {stores.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {isOperator(roles) ? <NavLink to="/admin/stores">{t('stores.all')}</NavLink> : null}
    </div>
  );
}
