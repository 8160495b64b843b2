import { useEffect } from 'react';

/** WCAG 2.4.2: every page has its own title; the product name follows. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Kerf` : 'Kerf';
  }, [title]);
}
