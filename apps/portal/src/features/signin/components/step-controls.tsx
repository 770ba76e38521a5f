import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthnErrorKey } from '../lib/authn-errors.ts';

/**
 * What every sign-in step has: a heading that takes the focus when the step appears, and an error that is
 * announced and focused, so a screen-reader user hears where they are. The fields and buttons are the
 * portal's form kit (components/forms).
 */

/** A step's heading; focused when the step appears (the page changes without a navigation). */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h1 className="tw-page-title tw-signin__title" tabIndex={-1} ref={ref}>
      {children}
    </h1>
  );
}

/** The step's error, announced and focused each time it changes. */
export function ErrorAlert({ error, id }: { error: AuthnErrorKey | null; id?: string }) {
  const { t } = useTranslation('signin');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  // The live region stays in the page so the message is announced when it is filled in.
  return (
    <div role="alert" id={id} tabIndex={-1} ref={ref} className={error ? 'alert alert-danger' : undefined}>
      {error ? t(error) : null}
    </div>
  );
}
