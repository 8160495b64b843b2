import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import Beasties from 'beasties';
import type { Plugin, ResolvedConfig } from 'vite';
import type * as Prerender from './src/app/prerender';

/** The server-side build of src/app/prerender.tsx: outside dist, which the server sends as it is. */
export const SSR_OUT_DIR = 'dist-ssr';
/** Where the prerendered pages go inside dist; the server reads `pages.json` there. */
const PRERENDERED_DIR = 'prerendered';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface ManifestChunk {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
}

/**
 * The CSS files of the website pages' chunks (and what they import), which the browser would fetch
 * only when the page's code runs: listed in the prerendered HTML, so their rules for the first paint
 * are inlined with the rest.
 */
function websiteCss(manifest: Record<string, ManifestChunk>): string[] {
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    for (const file of chunk?.css ?? []) css.add(file);
    for (const next of chunk?.imports ?? []) visit(next);
  };
  for (const key of Object.keys(manifest)) if (key.startsWith('src/areas/website/pages/')) visit(key);
  return [...css];
}

const STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+)">/g;

/**
 * The first paint of a prerendered page waits until its whole markup is parsed: on a slow CPU the
 * parser yields midway, and a paint of half a page (the logo without its word, the hero's text
 * without the video frame that sets the row's height) then moved when the rest arrived — a layout
 * shift before any script ran. `rel=expect` with `blocking=render` holds rendering until the element
 * after the page's markup is parsed; the page is one small document, so that costs no visible time.
 */
const PARSED_MARK = 'kerf-parsed';
const RENDER_AFTER_PARSE = `<link rel="expect" href="#${PARSED_MARK}" blocking="render">`;

/**
 * The whole stylesheets, which beasties moved to the end of the body, back into the head as preloads
 * that main.tsx turns into stylesheets before it hydrates: at the end of the body they would come
 * after Mantine's inline `<style>` elements and win over their responsive rules (the hero's title
 * shrank when the stylesheet arrived); in the head they keep the cascade the client-rendered app has.
 * (An `onload` attribute would do it without main.tsx, but the CSP forbids inline handlers.)
 */
function deferStylesheets(html: string): string {
  const files = [...new Set([...html.matchAll(STYLESHEET)].map((match) => match[1]!))];
  const preloads = files
    .map((file) => `<link rel="preload" as="style" crossorigin href="${file}" data-stylesheet>`)
    .join('');
  return html
    .replace(' data-beasties-container', '')
    .replace(STYLESHEET, '')
    .replace('</head>', `${preloads}</head>`);
}

const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="[^"]+">\s*/g;

/**
 * A prerendered page paints from its markup and inlined CSS; its scripts only hydrate it. Without
 * the client build's `modulepreload` links, the entry script fetches the page's chunks itself (one
 * round trip later), and the first paint no longer competes with 20 chunk downloads: Lighthouse's
 * mobile run (slow 4G, 4× CPU) counted every request started before the first paint, and put that
 * paint at 2.5 s instead of 1.9 s (`npm run bench:website`: performance 93 → 98).
 */
function withoutModulePreloads(html: string): string {
  return html.replace(MODULE_PRELOAD, '');
}

/**
 * Runs after the server-side build (`vite build --ssr src/app/prerender.tsx`): renders every page of
 * the public website in each website language into `dist/prerendered/<locale>/<page>.html` from the
 * client build's index.html, inlines the CSS rules that the page's first paint needs (beasties), so the first paint waits neither for JavaScript
 * nor for a stylesheet (issue 15, ADR 0014); the whole stylesheets are preloaded and applied before
 * the hydration (`deferStylesheets`). Writes brotli and gzip copies like the client build.
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'kerf-prerender',
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild === true,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const root = config.root;
      const dist = join(root, 'dist');
      const module = (await import(
        pathToFileURL(join(root, SSR_OUT_DIR, 'prerender.js')).href
      )) as typeof Prerender;
      const manifestFile = join(dist, '.vite', 'manifest.json');
      const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
      const template = await readFile(join(dist, 'index.html'), 'utf8');
      const links = websiteCss(manifest)
        .filter((file) => !template.includes(`/${file}"`))
        .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
        .join('');
      const beasties = new Beasties({
        path: dist,
        publicPath: '/',
        preload: 'body',
        // Mantine's own <style> elements inside #root are part of the markup React hydrates
        reduceInlineStyles: false,
        pruneSource: false,
        logLevel: 'warn',
      });
      const brotli = promisify(brotliCompress);
      const gz = promisify(gzip);
      const out = join(dist, PRERENDERED_DIR);
      for (const locale of module.LOCALES) {
        await mkdir(join(out, locale), { recursive: true });
        for (const page of module.PAGES) {
          const { html, title } = await module.renderPage(page, locale);
          const document = template
            .replace(/<html [^>]*>/, `<html lang="${locale}" dir="ltr" data-mantine-color-scheme="light">`)
            .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
            .replace('</head>', `${links}${RENDER_AFTER_PARSE}</head>`)
            .replace(
              '<div id="root"></div>',
              `<div id="root" data-prerendered="${locale}">${html}</div><span id="${PARSED_MARK}" hidden></span>`,
            );
          if (!document.includes(`data-prerendered="${locale}"`)) {
            throw new Error('prerender: no <div id="root"></div> in dist/index.html');
          }
          const data = Buffer.from(withoutModulePreloads(deferStylesheets(await beasties.process(document))));
          const file = join(out, locale, `${page || 'index'}.html`);
          const [br, gzipped] = await Promise.all([
            brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
            gz(data, { level: 9 }),
          ]);
          await Promise.all([
            writeFile(file, data),
            writeFile(`${file}.br`, br),
            writeFile(`${file}.gz`, gzipped),
          ]);
        }
      }
      await writeFile(
        join(out, 'pages.json'),
        `${JSON.stringify({ cookie: module.LOCALE_COOKIE, locales: module.LOCALES, pages: module.PAGES }, null, 2)}\n`,
      );
      // the manifest served nobody but this step
      await rm(join(dist, '.vite'), { recursive: true, force: true });
    },
  };
}
