import { useEffect } from 'react';

/** The terminal's service worker and manifest, as the build emits them (apps/web/operator-shell.plugin.ts). */
const WORKER = '/operator-sw.js';
const MANIFEST = '/operator.webmanifest';
const SCOPE = '/operator';

/**
 * Makes the terminal work without a network (ADR 0024): registers the service worker that keeps the
 * terminal's shell and code (production builds only; the dev server has no such files) and links
 * the web app manifest, so the terminal can be installed and starts full screen. Scoped to the
 * operator area: the website and the other areas never pass through it.
 */
export function useOfflineShell() {
  useEffect(() => {
    if (!document.head.querySelector(`link[rel="manifest"][href="${MANIFEST}"]`)) {
      const link = document.createElement('link');
      link.rel = 'manifest';
      link.href = MANIFEST;
      document.head.append(link);
    }
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register(WORKER, { scope: SCOPE }).catch(() => {
      // no worker (a private window, storage blocked): the terminal works online as before
    });
  }, []);
}
