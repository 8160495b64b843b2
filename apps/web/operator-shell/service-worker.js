/**
 * The operator terminal's offline shell (ADR 0024), served as /operator-sw.js with scope /operator.
 * The build (operator-shell.plugin.ts) fills in the files to keep and a version that changes with
 * them. Precached: the app's HTML shell and every script, stylesheet, catalogue and asset the
 * terminal can reach, so that it opens, reloads and navigates with no network. API answers are never
 * cached or answered from here: the terminal keeps what it needs itself and says how old it is.
 */
const VERSION = '__KERF_SHELL_VERSION__';
/** @type {string[]} */
const PRECACHE = __KERF_SHELL_FILES__;
const SHELL = '/index.html';
const CACHE_PREFIX = 'kerf-operator-shell-';
const CACHE = `${CACHE_PREFIX}${VERSION}`;
/** a terminal page waits this long for the server before it opens from the cache */
const NAVIGATION_TIMEOUT_MS = 4000;

const precached = new Set(PRECACHE);

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // `reload`: the files themselves, not what the browser's HTTP cache may hold of an older build
      await cache.addAll(PRECACHE.map((path) => new Request(path, { cache: 'reload' })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

/** The page from the server (a new release shows at once); its cached shell when the server cannot answer. */
async function terminalPage(request) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), NAVIGATION_TIMEOUT_MS);
  try {
    const response = await fetch(request, { signal: controller.signal });
    if (response.status < 500) return response;
  } catch {
    // no network, or no answer in time: the shell below
  } finally {
    clearTimeout(timer);
  }
  const shell = await caches.match(SHELL, { cacheName: CACHE });
  return shell ?? Response.error();
}

/** Hashed files never change: from the cache, else from the network. */
async function file(request, path) {
  const cached = await caches.match(path, { cacheName: CACHE });
  return cached ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // another origin, or the API: the browser's own way, never a cached answer
  if (url.origin !== self.location.origin || url.pathname === '/api' || url.pathname.startsWith('/api/'))
    return;
  if (request.mode === 'navigate') {
    event.respondWith(terminalPage(request));
    return;
  }
  if (precached.has(url.pathname)) event.respondWith(file(request, url.pathname));
});
