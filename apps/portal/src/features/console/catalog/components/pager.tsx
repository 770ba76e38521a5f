import { useState } from 'react';

/**
 * The cursors of a keyset-paged list: the current page's cursor (undefined: the first page), and the way
 * back ("Previous" pops the last one).
 */
export function useCursors() {
  const [cursors, setCursors] = useState<string[]>([]);
  return {
    cursor: cursors.at(-1),
    hasPrevious: cursors.length > 0,
    previous: () => setCursors((c) => c.slice(0, -1)),
    next: (cursor: string) => setCursors((c) => [...c, cursor]),
    reset: () => setCursors([]),
  };
}

/** "Previous" and "Next" of a keyset-paged list. */
export function Pager({
  labels,
  cursors,
  nextCursor,
}: {
  labels: { previous: string; next: string };
  cursors: ReturnType<typeof useCursors>;
  nextCursor: string | null | undefined;
}) {
  return (
    <div className="tw-catalog__pager">
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        disabled={!cursors.hasPrevious}
        onClick={cursors.previous}
      >
        {labels.previous}
      </button>
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        disabled={!nextCursor}
        onClick={() => nextCursor && cursors.next(nextCursor)}
      >
        {labels.next}
      </button>
    </div>
  );
}
