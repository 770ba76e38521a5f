import { useCallback, useEffect, useRef, useState } from 'react';

export type Resource<T> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; data: T };

/**
 * One screen's data: loading → ready | error, with `reload` (after a change, or the error state's "Try again")
 * and `replace` (an answer that already holds the new data). A reload keeps showing the old data meanwhile.
 */
export function useResource<T>(load: () => Promise<T>) {
  const [state, setState] = useState<Resource<T>>({ status: 'loading' });
  const loadRef = useRef(load);
  loadRef.current = load;
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    setState((was) => (was.status === 'ready' ? was : { status: 'loading' }));
    try {
      const data = await loadRef.current();
      if (mine === generation.current) setState({ status: 'ready', data });
    } catch (error) {
      if (mine === generation.current) setState({ status: 'error', error });
    }
  }, []);

  useEffect(() => {
    void reload();
    return () => {
      generation.current++;
    };
  }, [reload]);

  const replace = useCallback((data: T) => {
    generation.current++;
    setState({ status: 'ready', data });
  }, []);

  return { state, reload, replace };
}
