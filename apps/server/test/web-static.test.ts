import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { ROLE_AREAS } from '@kerf/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCRIPT = `export const text = ${JSON.stringify('Kerf '.repeat(4000))};\n`;
const INDEX =
  '<!doctype html><html><head><title>Kerf</title></head><body><div id="root"></div></body></html>';

const PRERENDERED = { cookie: 'use-locale', locales: ['en', 'de', 'nl'], pages: ['', 'features'] };
const prerenderedPage = (locale: string, page: string) =>
  `<!doctype html><html lang="${locale}"><head><title>${page || 'home'}</title></head><body><div id="root" data-prerendered="${locale}">${'<p>Kerf</p>'.repeat(200)}</div></body></html>`;

/** A web build as apps/web/vite.config.ts makes it: hashed assets with .br/.gz copies, the route list. */
async function makeBuild() {
  const root = await mkdtemp(join(tmpdir(), 'kerf-web-'));
  await mkdir(join(root, 'assets'));
  const script = join(root, 'assets', 'index-AbC123.js');
  await writeFile(script, SCRIPT);
  await writeFile(`${script}.br`, brotliCompressSync(SCRIPT));
  await writeFile(`${script}.gz`, gzipSync(SCRIPT));
  await writeFile(join(root, 'index.html'), INDEX);
  await writeFile(join(root, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
  const segments = ['', 'login', 'register', 'features', ...new Set(Object.values(ROLE_AREAS))];
  await writeFile(join(root, 'client-routes.json'), JSON.stringify({ segments }));
  // the public pages prerendered per website language (apps/web/prerender.plugin.ts)
  for (const locale of PRERENDERED.locales) {
    await mkdir(join(root, 'prerendered', locale), { recursive: true });
    for (const page of PRERENDERED.pages) {
      const html = prerenderedPage(locale, page);
      const file = join(root, 'prerendered', locale, `${page || 'index'}.html`);
      await writeFile(file, html);
      await writeFile(`${file}.br`, brotliCompressSync(html));
    }
  }
  await writeFile(join(root, 'prerendered', 'pages.json'), JSON.stringify(PRERENDERED));
  return root;
}

describe('the web app as served', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ WEB_DIST: await makeBuild() });
  });
  afterAll(() => t.close());

  it('sends hashed assets brotli- or gzip-compressed, cached for a year', async () => {
    const brotli = await t.request({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);
    expect(brotli.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gzip = await t.request({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.request({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("answers the app's own paths with index.html (200, revalidated) and other paths with 404", async () => {
    // (the prerendered public pages, '/' among them, are the next test's)
    for (const url of [
      '/login',
      '/register?next=1',
      '/printing-admin',
      '/printing-admin/machines/42',
      '/grinder',
    ]) {
      const response = await t.request({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(INDEX);
    }
    for (const url of ['/no-such-page', '/login-typo', '/assets/gone-123.js', '/wp-admin/setup.php']) {
      const response = await t.request({ url });
      expect(response.statusCode, url).toBe(404);
      // the app still renders its not-found page
      expect(response.body, url).toBe(INDEX);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
    }
  });

  it("answers the public pages with their prerendered HTML in the visitor's language", async () => {
    const cases: [url: string, headers: Record<string, string>, locale: string | null][] = [
      // no stored choice: the browser's first language, German of any region, else English
      ['/', {}, 'en'],
      ['/', { 'accept-language': 'de-AT,de;q=0.9,en;q=0.8' }, 'de'],
      ['/', { 'accept-language': 'en-GB,de;q=0.9' }, 'en'],
      ['/features?currency=CHF', { 'accept-language': 'nl-NL,nl' }, 'en'],
      // the stored choice (mirrored into a cookie) wins over the browser
      ['/features', { 'accept-language': 'de', cookie: 'theme=x; use-locale=nl' }, 'nl'],
      ['/', { 'accept-language': 'de', cookie: 'use-locale=en' }, 'en'],
      // a language the website is not prerendered in gets the plain shell the app renders into
      ['/', { cookie: 'use-locale=ar' }, null],
      ['/', { cookie: 'use-locale=<script>' }, null],
    ];
    for (const [url, headers, locale] of cases) {
      const response = await t.request({ url, headers });
      const label = `${url} ${JSON.stringify(headers)}`;
      expect(response.statusCode, label).toBe(200);
      expect(response.headers['cache-control'], label).toBe('no-cache');
      expect(response.headers.vary, label).toMatch(/accept-language, cookie/i);
      const page = url.split('?')[0]!.slice(1);
      expect(response.body, label).toBe(locale ? prerenderedPage(locale, page) : INDEX);
    }
    const brotli = await t.request({
      url: '/',
      headers: { 'accept-language': 'de', 'accept-encoding': 'br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(prerenderedPage('de', ''));
    // other paths of a prerendered page and pages without prerendering: the shell
    for (const url of ['/features/', '/features/x', '/login', '/register']) {
      const response = await t.request({ url, headers: { 'accept-language': 'de' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
    }
  });

  it('compresses API answers of 1 KB and more for clients that accept it', async () => {
    const url = '/api/docs/json';
    const brotli = await t.request({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    const document = JSON.parse(brotliDecompressSync(brotli.rawPayload).toString());
    expect(document.openapi).toMatch(/^3\./);
    const plain = await t.request({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    // small answers go as they are
    const health = await t.request({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('keeps API 404s in the error catalogue', async () => {
    const response = await t.request({ url: '/api/no-such-route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty('code');
  });

  it('serves robots.txt', async () => {
    const response = await t.request({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Disallow: /api/');
  });
});

describe('the web sources', () => {
  it("robots.txt keeps crawlers out of every role's area and the API, not the public pages", async () => {
    const robots = await readFile(join(REPO_ROOT, 'apps/web/public/robots.txt'), 'utf8');
    const disallowed = [...robots.matchAll(/^Disallow: (\S+)$/gm)].map((match) => match[1]);
    for (const area of new Set(Object.values(ROLE_AREAS))) expect(disallowed).toContain(`/${area}/`);
    expect(disallowed).toContain('/api/');
    expect(disallowed).not.toContain('/');
  });

  it('index.html describes the site for search results', async () => {
    const html = await readFile(join(REPO_ROOT, 'apps/web/index.html'), 'utf8');
    expect(html).toMatch(/<meta\s+name="description"\s+content="[^"]{50,}"/);
  });
});
