import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import 'mantine-datatable/styles.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BEARER_TOKEN_KEY } from '../lib/api/token-store';
import { applyDocumentLocale, createI18n, initialLocale, LOCALE_STORAGE_KEY } from '../lib/i18n';
import { App } from './app';

async function start() {
  const locale = initialLocale(window.localStorage.getItem(LOCALE_STORAGE_KEY), navigator.languages);
  // Visitors (no session) mostly see the website: its texts first, the signed-in areas' right after.
  const publicFirst = window.localStorage.getItem(BEARER_TOKEN_KEY) === null;
  const i18n = await createI18n({ locale, publicFirst });
  applyDocumentLocale(locale);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing in index.html');
  createRoot(root).render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  );
}

void start();
