import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useTenantConfig } from '../../tenant/index.ts';

/**
 * One organisation screen: its heading and the document title "<title> · <store>". A plain block: the app's
 * layout is the page's one `main` landmark (a second one inside it is what axe refuses).
 */
export function OrganisationPage({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { tenantName } = useTenantConfig();
  useDocumentTitle(`${typeof title === 'string' ? title : ''} · ${tenantName}`);
  return (
    <div className="container tw-org">
      <h1 id="tw-org-title" className="h3 tw-org__title">
        {title}
      </h1>
      {children}
    </div>
  );
}

/** A titled part of a screen. */
export function OrganisationSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="tw-org__section" aria-labelledby={id}>
      <h2 id={id} className="h5">
        {title}
      </h2>
      {children}
    </section>
  );
}
