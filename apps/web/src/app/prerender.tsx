/**
 * The build's server-side entry (issue 15, first paint without JavaScript): renders the public
 * website's pages to HTML in each website language, which the build writes beside index.html
 * (prerender.plugin.ts) and the server sends instead of the empty shell; the browser hydrates it
 * (main.tsx). Runs in Node at build time only, never in the server.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { WEBSITE_PAGES } from '../areas/website';
import { PageTitleCollector, WEBSITE_LOCALES } from '../components/layout';
import { createI18n, LOCALE_STORAGE_KEY, type Locale, type Messages } from '../lib/i18n';
import { App } from './app';
import { loadMatchedRoutes, routes } from './router';

const catalogues = import.meta.glob<Messages>('../locales/*.json', { import: 'default', eager: true });

/** The licence order shows the signed-in admin's tenant: it differs per visitor, so it is not prerendered. */
const websiteLoaders: readonly unknown[] = Object.values(WEBSITE_PAGES).filter(
  (load) => load !== WEBSITE_PAGES.licenceOrder,
);

/**
 * The website's pages by their path segment ('' is the home page): the routes of WEBSITE_PAGES that
 * look the same to every visitor.
 */
export const PAGES: readonly string[] = (routes[0]?.children ?? [])
  .filter((route) => websiteLoaders.includes(route.lazy))
  .map((route) => route.path ?? '');

export const LOCALES: readonly Locale[] = WEBSITE_LOCALES;

/** The browser keeps the visitor's choice under this name; main.tsx mirrors it into a cookie. */
export const LOCALE_COOKIE = LOCALE_STORAGE_KEY;

/** One page's markup inside `#root` and its document title. */
export async function renderPage(segment: string, locale: Locale): Promise<{ html: string; title: string }> {
  const catalogue = catalogues[`../locales/${locale}.json`];
  if (!catalogue) throw new Error(`prerender: no catalogue for ${locale}`);
  const i18n = await createI18n({ locale, resources: { [locale]: { translation: catalogue } } });
  const path = `/${segment}`;
  await loadMatchedRoutes(path);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  let title = 'Kerf';
  const { prelude } = await prerenderToNodeStream(
    <PageTitleCollector.Provider value={(text) => (title = text)}>
      <StrictMode>
        <App i18n={i18n} router={router} />
      </StrictMode>
    </PageTitleCollector.Provider>,
    {
      onError(error) {
        throw error;
      },
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  router.dispose();
  return { html: Buffer.concat(chunks).toString('utf8'), title };
}
