import { useCallback, useEffect, useRef, useState } from 'react';
import { type AuthnErrorKey, authnErrorKey, isPollStopped } from './authn-errors.ts';

/**
 * One step's call to the SDK: `busy` while it runs (buttons disabled, spinner), the translated error key when
 * it fails. A poll stopped by the user's own back/cancel is not an error: the flow has already moved on.
 */
export function useAuthnAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AuthnErrorKey | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      if (mounted.current && !isPollStopped(caught)) setError(authnErrorKey(caught));
    } finally {
      if (mounted.current) setBusy(false);
    }
  }, []);

  return { busy, error, setError, run };
}
