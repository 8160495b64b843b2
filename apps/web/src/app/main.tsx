import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import 'mantine-datatable/styles.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyDocumentLocale, createI18n, initialLocale, LOCALE_STORAGE_KEY } from '../lib/i18n';
import { App } from './app';

async function start() {
  const locale = initialLocale(window.localStorage.getItem(LOCALE_STORAGE_KEY), navigator.languages);
  const i18n = await createI18n({ locale });
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
