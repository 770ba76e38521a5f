import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Route, Routes, useLocation, useMatch, useParams } from 'react-router';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { useListConsoleStoresQuery } from '../api/stores.ts';
import { useConsole } from '../console-context.ts';
import { sectionsFor } from '../lib/roles.ts';
import { useDrawer } from '../lib/use-drawer.ts';
import { ConsoleLoadError } from './console-load-error.tsx';
import { ConsoleNav } from './console-nav.tsx';
import { SECTION_SCREENS } from './store-sections.tsx';

/**
 * The console as an admin app: a top bar (the menu button below 992 px, the console's title, the open store),
 * the left navigation (store switcher, the store's sections, the operator's pages over every store; a drawer
 * below 992 px) and the screen, whose header holds its primary action (console-screen.tsx).
 */
export function ConsoleLayout() {
  const { t } = useTranslation('console');
  const { pathname } = useLocation();
  const code = useMatch('/admin/stores/:code/*')?.params.code;
  const sections = useSections();
  const stores = useListConsoleStoresQuery(undefined, { skip: sections.length === 0 });
  const drawer = useDrawer(pathname);
  const store = stores.data?.find((s) => s.code === code);
  return (
    <div className={`tw-console${drawer.open ? ' tw-console--drawer-open' : ''}`}>
      <div className="tw-console__topbar">
        {sections.length > 0 ? (
          <button
            ref={drawer.buttonRef}
            type="button"
            className="btn btn-outline-secondary tw-console__menu-button"
            aria-expanded={drawer.open}
            aria-controls="tw-console-drawer"
            onClick={drawer.toggle}
          >
            <MenuIcon />
            <span className="tw-visually-hidden">{t('shell.menu')}</span>
          </button>
        ) : null}
        <h1 className="tw-console__brand">{t('title')}</h1>
        {store ? (
          <p className="tw-console__store-name">
            <span className="tw-visually-hidden">{t('stores.current')} </span>
            {store.name}
          </p>
        ) : null}
      </div>
      <div className="tw-console__frame">
        {drawer.open ? (
          <div className="tw-console__backdrop" aria-hidden="true" onClick={() => drawer.close()} />
        ) : null}
        {sections.length > 0 ? (
          <div ref={drawer.drawerRef} id="tw-console-drawer" className="tw-console__drawer">
            {drawer.open ? (
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm tw-console__drawer-close"
                onClick={() => drawer.close()}
              >
                {t('shell.close')}
              </button>
            ) : null}
            <ConsoleNav code={code} stores={stores.data ?? []} sections={sections} />
          </div>
        ) : null}
        {/* While the drawer is open, the screen behind it is out of reach (focus stays in the drawer). */}
        <div className="tw-console__content" inert={drawer.open || undefined}>
          <Outlet />
        </div>
      </div>
    </div>
  );
}

/** The sections the user's roles open, that the console has screens for, in navigation order. */
function useSections() {
  const { roles } = useConsole();
  return sectionsFor(roles).filter((section) => SECTION_SCREENS[section]);
}

/** `/admin/stores/:code/*`: one store's section screen (its navigation is the layout's). */
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
    <Routes>
      {sections.map((section) => {
        const Screen = SECTION_SCREENS[section];
        return Screen ? <Route key={section} path={section} element={<Screen code={code} />} /> : null;
      })}
      <Route path="*" element={<Navigate to={`/admin/stores/${code}/${sections[0] ?? ''}`} replace />} />
    </Routes>
  );
}

/** Three lines: the menu button's icon (its name is the button's hidden text). */
function MenuIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" width="20" height="20">
      <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
