import { useEffect } from 'react';

/** Sets `document.title` while the calling screen is shown (WCAG 2.4.2: every page has a descriptive title). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
