import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../lib/app-error';

/** Hashed file names never change content: a year, without revalidation. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html, robots.txt, favicon: always revalidated, so a new release is seen at once. */
const REVALIDATE = 'no-cache';

/**
 * First path segments the web app renders a page for, from the build's `client-routes.json`
 * (apps/web/vite.config.ts); null when the build has none (then every path gets the app, 200).
 */
function clientSegments(root: string): Set<string> | null {
  const file = join(root, 'client-routes.json');
  if (!existsSync(file)) return null;
  const { segments } = JSON.parse(readFileSync(file, 'utf8')) as { segments: string[] };
  return new Set(segments);
}

/** `prerendered/pages.json`, written by the web build (apps/web/prerender.plugin.ts). */
interface Prerendered {
  /** the cookie that mirrors the visitor's stored language choice */
  cookie: string;
  locales: string[];
  /** first path segments ('' is the home page) */
  pages: string[];
}

function prerendered(root: string): Prerendered | null {
  const file = join(root, 'prerendered', 'pages.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Prerendered) : null;
}

/** A cookie's value; one that cannot be decoded (`%E0%A4%A`) is the client's error: 400, not 500. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      throw AppError.fields([{ field: 'cookie', in: 'headers', code: 'INVALID_FORMAT' }]);
    }
  }
  return undefined;
}

/**
 * The language the web app will show a visitor, as apps/web's `initialLocale` decides it: the stored
 * choice (mirrored into a cookie), else German for a browser whose first language is German of any
 * region, else English. Null when the visitor's choice has no prerendered page (then the plain shell).
 */
function prerenderedLocale(
  pages: Pick<Prerendered, 'cookie' | 'locales'>,
  headers: { cookie?: string; 'accept-language'?: string },
): string | null {
  const chosen = cookieValue(headers.cookie, pages.cookie);
  if (chosen) return pages.locales.includes(chosen) ? chosen : null;
  const first = headers['accept-language']?.split(',')[0]?.trim().toLowerCase().split(/[-_;]/)[0];
  return first === 'de' ? 'de' : 'en';
}

/**
 * The built web app: files from `root` (brotli or gzip copies made by the build when the browser
 * takes them), hashed assets cached for a year, and index.html for the app's own paths. Other
 * paths get index.html too, where the app shows its not-found page, but with status 404.
 * Nothing is registered when there is no build.
 */
export async function registerWebStatic(app: FastifyInstance, options: { root: string }) {
  const root = resolve(options.root);
  if (!existsSync(join(root, 'index.html'))) return;
  const segments = clientSegments(root);
  const pages = prerendered(root);
  const assets = join(root, 'assets') + sep;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    // `path`: the file sent, possibly its .br or .gz copy
    setHeaders: (reply: FastifyReply, path: string) => {
      reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE : REVALIDATE);
    },
  });

  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api') {
      return reply.callNotFound();
    }
    const file = path.slice(1);
    if (file && !file.includes('..') && !/\.(br|gz)$/.test(file) && existsSync(join(root, file))) {
      return reply.sendFile(file);
    }
    const first = path.split('/')[1] ?? '';
    const known = segments === null || segments.has(first);
    // A public page as HTML in the visitor's language, so the first paint needs no JavaScript; the
    // language decides which file, and caches must know it.
    if (pages && path === `/${first}` && pages.pages.includes(first)) {
      reply.header('vary', 'Accept-Language, Cookie');
      const locale = prerenderedLocale(pages, request.headers);
      if (locale) return reply.sendFile(join('prerendered', locale, `${first || 'index'}.html`));
    }
    return reply.code(known ? 200 : 404).sendFile('index.html');
  });
}
