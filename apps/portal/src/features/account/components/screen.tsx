import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useTenantConfig } from '../../tenant/index.ts';
import { useAccount } from '../account-context.ts';
import { describeMyAccountError, myAccountErrorKind } from '../lib/myaccount-errors.ts';
import type { Resource } from '../lib/use-resource.ts';

/**
 * One account screen: its heading (which takes the focus when the user arrives from another account screen,
 * so a screen reader announces where they are) and the document title "<screen> · <tenant>".
 */
export function AccountScreen({ title, children }: { title: string; children: ReactNode }) {
  const { tenantName } = useTenantConfig();
  const { navigated } = useAccount();
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(`${title} · ${tenantName}`);
  useEffect(() => {
    if (navigated) heading.current?.focus();
  }, [navigated]);
  return (
    <section className="tw-account__screen" aria-labelledby="tw-account-screen-title">
      <h2 ref={heading} id="tw-account-screen-title" className="tw-account__title" tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The loading and error states of a screen's data; the content renders once it is there. */
export function Loaded<T>({
  resource,
  onRetry,
  children,
}: {
  resource: Resource<T>;
  onRetry: () => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('account');
  if (resource.status === 'loading') return <PendingMessage>{t('state.loading')}</PendingMessage>;
  if (resource.status === 'error') return <LoadError error={resource.error} onRetry={onRetry} />;
  return <>{children(resource.data)}</>;
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('account');
  const session = myAccountErrorKind(error) === 'session';
  return (
    <div className="alert alert-danger tw-account__alert" role="alert">
      <p className="mb-2">{describeMyAccountError(error, t)}</p>
      {session ? (
        <SignInAgainButton />
      ) : (
        <button type="button" className="btn btn-outline-danger btn-sm" onClick={onRetry}>
          {t('state.retry')}
        </button>
      )}
    </div>
  );
}

/**
 * For a lost session and for a step-up refusal (a password change needs a recent sign-in): a fresh sign-in that
 * returns here, through the app's usual sign-in (the tenant's login page when there is no session).
 */
export function SignInAgainButton() {
  const { t } = useTranslation('account');
  const { oktaAuth } = useAccount();
  const { pathname } = window.location;
  return (
    <button
      type="button"
      className="btn btn-outline-danger btn-sm"
      onClick={() => void oktaAuth.signInWithRedirect({ originalUri: pathname, prompt: 'login' })}
    >
      {t('state.signInAgain')}
    </button>
  );
}
