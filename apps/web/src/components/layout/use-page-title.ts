import { createContext, useContext, useEffect } from 'react';

/**
 * Where the build's prerendering (app/prerender.tsx) collects the page's title: effects do not run
 * on the server, so the title is handed over while rendering. In the browser nobody provides it.
 */
export const PageTitleCollector = createContext<((title: string) => void) | null>(null);

const documentTitle = (title: string) => (title ? `${title} · Kerf` : 'Kerf');

/** WCAG 2.4.2: every page has its own title; the product name follows. */
export function usePageTitle(title: string) {
  useContext(PageTitleCollector)?.(documentTitle(title));
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
