import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router';
import type { ConsoleStoreSummary } from '../api/stores.ts';
import { useConsole } from '../console-context.ts';
import { isOperator, type StoreSection } from '../lib/roles.ts';

/**
 * The console's left navigation: the store switcher (every store the person may run, the platform store
 * too), the current store's sections, and for operators the pages over every store.
 */
export function ConsoleNav({
  code,
  stores,
  sections,
}: {
  /** The store whose sections are open, if any. */
  code: string | undefined;
  stores: ConsoleStoreSummary[];
  sections: StoreSection[];
}) {
  const { t } = useTranslation('console');
  const { roles } = useConsole();
  const store = stores.find((s) => s.code === code);
  return (
    <>
      <StoreSwitcher code={store?.code} stores={stores} />
      {store ? (
        <nav className="tw-console__nav" aria-label={t('nav.label', { store: store.name })}>
          <ul>
            {sections.map((section) => (
              <li key={section}>
                <NavLink to={`/admin/stores/${store.code}/${section}`} className="tw-console__nav-link">
                  {t(`nav.${section}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {isOperator(roles) ? (
        <nav className="tw-console__nav tw-console__nav--platform" aria-label={t('shell.platform')}>
          <ul>
            <li>
              <NavLink to="/admin/stores" end className="tw-console__nav-link">
                {t('stores.all')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/audit" className="tw-console__nav-link">
                {t('stores.auditAll')}
              </NavLink>
            </li>
          </ul>
        </nav>
      ) : null}
    </>
  );
}

/**
 * A select of every store the person runs, moving to the same section of the chosen one; with a single store
 * there is nothing to switch. Outside a store it starts at "Choose a store".
 */
function StoreSwitcher({ code, stores }: { code: string | undefined; stores: ConsoleStoreSummary[] }) {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const id = useId();
  // /admin/stores/<code>/<section>: the same section of the other store.
  const section = useLocation().pathname.split('/')[4] ?? '';
  if (stores.length < 2) return null;
  return (
    <div className="tw-console__switch">
      <label htmlFor={id}>{t('stores.switch')}</label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={code ?? ''}
        onChange={(event) => {
          if (event.target.value) navigate(`/admin/stores/${event.target.value}/${section}`);
        }}
      >
        {code ? null : <option value="">{t('shell.chooseStore')}</option>}
        {stores.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name} ({s.code})
          </option>
        ))}
      </select>
    </div>
  );
}
