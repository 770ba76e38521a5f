import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useTenantConfig } from '../../tenant/index.ts';

/** One console screen: its heading and the document title "<screen> · <tenant>" (WCAG 2.4.2). */
export function ConsoleScreen({
  title,
  actions,
  children,
}: {
  title: string;
  /** Buttons beside the heading (e.g. "Create a store"). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { tenantName } = useTenantConfig();
  useDocumentTitle(`${title} · ${tenantName}`);
  return (
    <section className="tw-console__screen" aria-labelledby="tw-console-screen-title">
      <div className="tw-console__screen-head">
        <h2 id="tw-console-screen-title" className="tw-console__title">
          {title}
        </h2>
        {actions ? <div className="tw-console__screen-actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
