import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import 'mantine-datatable/styles.css';
import './global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BEARER_TOKEN_KEY } from '../lib/api/token-store';
import {
  applyDocumentLocale,
  createI18n,
  initialLocale,
  isLocale,
  LOCALE_STORAGE_KEY,
  rememberLocaleForServer,
} from '../lib/i18n';
import { App } from './app';
import { loadMatchedRoutes } from './router';

/**
 * A prerendered page inlines the CSS of its first paint and only preloads the whole stylesheets
 * (prerender.plugin.ts): they apply here, in the head where the client-rendered app has them, and
 * before the page becomes interactive.
 */
async function applyPreloadedStylesheets() {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][data-stylesheet]')];
  await Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
          link.rel = 'stylesheet';
        }),
    ),
  );
}

async function start() {
  const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
  const locale = initialLocale(stored, navigator.languages);
  // the server picks the prerendered page's language by this cookie (or else the browser's language)
  rememberLocaleForServer(isLocale(stored) ? stored : null);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing in index.html');
  // A public page the server sent prerendered in this language (app/prerender.tsx) is hydrated: its
  // route's code loads first, so the router starts with the page as it was rendered.
  const hydrate = root.dataset.prerendered === locale;
  // Visitors (no session) mostly see the website: its texts first, the signed-in areas' right after.
  const publicFirst = window.localStorage.getItem(BEARER_TOKEN_KEY) === null;
  const [i18n] = await Promise.all([
    createI18n({ locale, publicFirst }),
    hydrate ? loadMatchedRoutes(window.location.pathname) : undefined,
    applyPreloadedStylesheets(),
  ]);
  applyDocumentLocale(locale);
  const app = (
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>
  );
  if (hydrate) {
    // As a transition, hydration yields to the browser every few milliseconds instead of blocking
    // the main thread for the whole page (shorter tasks on a slow phone; the page is already painted).
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    // prerendered in another language than the visitor's stored choice: rendered anew
    root.replaceChildren();
    delete root.dataset.prerendered;
    createRoot(root).render(app);
  }
}

void start();
