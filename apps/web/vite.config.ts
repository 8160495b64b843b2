import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type * as Contracts from '@kerf/contracts';
import react from '@vitejs/plugin-react';
import { type ConfigEnv, defineConfig, type Plugin, type UserConfig } from 'vite';
import { catalogueParts } from './catalogue-parts.plugin';
import { operatorShell } from './operator-shell.plugin';
import { prerenderPages, SSR_OUT_DIR } from './prerender.plugin';

const API_TARGET = 'http://127.0.0.1:8080';

/** The browser's build (`vite build`), not the prerendering's server-side one (`vite build --ssr`). */
const clientBuild = (_config: UserConfig, env: ConfigEnv) => env.command === 'build' && !env.isSsrBuild;
const OUT_DIR = 'dist';

/**
 * `dist/client-routes.json`: the first path segments the router renders a page for ('' is the home
 * page), so that the server answers other paths with 404 (the SPA still shows its not-found page).
 * Areas come from the contracts (the router keys its areas by them); the public pages are the
 * router's literal top-level paths.
 */
function clientRoutes(): Plugin {
  return {
    name: 'kerf-client-routes',
    apply: clientBuild,
    async generateBundle() {
      // The contracts are TypeScript sources, which the config loader does not compile.
      const { tsImport } = await import('tsx/esm/api');
      const { ROLE_AREAS } = (await tsImport('@kerf/contracts', import.meta.url)) as typeof Contracts;
      const router = readFileSync(join(import.meta.dirname, 'src/app/router.tsx'), 'utf8');
      const pages = [...router.matchAll(/\{\s*path:\s*'([a-z0-9-]+)'/g)].map((match) => match[1]!);
      if (pages.length === 0)
        throw new Error('client routes: no literal top-level path in src/app/router.tsx');
      const segments = ['', ...pages, ...new Set(Object.values(ROLE_AREAS))].sort();
      this.emitFile({
        type: 'asset',
        fileName: 'client-routes.json',
        source: `${JSON.stringify({ segments }, null, 2)}\n`,
      });
    },
  };
}

/**
 * Brotli and gzip copies of every text file worth compressing, next to it (`x.js.br`, `x.js.gz`):
 * the server sends them as they are (`preCompressed`), compressed once at the highest level.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'kerf-precompress',
    apply: clientBuild,
    async writeBundle(options, bundle) {
      const dir = options.dir ?? join(import.meta.dirname, OUT_DIR);
      const files = Object.keys(bundle).filter((name) => /\.(js|css|html|svg|json|txt)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(dir, name);
          const data = await readFile(path);
          if (data.length < 1024) return;
          const [br, gzipped] = await Promise.all([
            brotli(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gz(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
        }),
      );
    },
  };
}

/**
 * `<link rel="modulepreload">` for the home page's chunk and its imports: the home page is where
 * most visitors land, and without the hint its code is asked for only once the entry has run — one
 * more round trip before the first paint (issue 15).
 */
function preloadHomePage(): Plugin {
  return {
    name: 'kerf-preload-home-page',
    apply: clientBuild,
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const home = chunks.find((chunk) =>
          chunk.facadeModuleId?.endsWith('/src/areas/website/pages/home-page.tsx'),
        );
        if (!home) throw new Error('preload: no chunk for src/areas/website/pages/home-page.tsx');
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName) || html.includes(`/${fileName}"`)) return;
          files.add(fileName);
          for (const next of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) visit(next);
        };
        visit(home.fileName);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  plugins: [
    react(),
    catalogueParts(),
    clientRoutes(),
    preloadHomePage(),
    operatorShell(),
    precompress(),
    prerenderPages(),
  ],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false, ws: true },
    },
  },
  build: isSsrBuild
    ? // `vite build --ssr src/app/prerender.tsx`, after the client build (prerender.plugin.ts)
      { outDir: SSR_OUT_DIR, emptyOutDir: true, sourcemap: false }
    : {
        outDir: OUT_DIR,
        emptyOutDir: true,
        // chunk and CSS files per source module, for the prerendering (prerender.plugin.ts deletes it)
        manifest: true,
        // The server's CSP forbids inline scripts; Vite emits only external module scripts.
        modulePreload: { polyfill: false },
        sourcemap: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              // Everything the entry imports statically in one chunk: left to itself, the bundler puts
              // modules the first page needs into chunks shared with staff screens (floating-ui, modals
              // beside the direction provider), and the public first load grows by those (issue 15).
              groups: [{ name: 'app', tags: ['$initial'] }],
            },
          },
        },
      },
}));
