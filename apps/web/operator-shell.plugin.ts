import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** Where the terminal's service worker and manifest are served (their scope is the operator area). */
const SHELL_WORKER = 'operator-sw.js';
const SHELL_MANIFEST = 'operator.webmanifest';

/**
 * Chunks of the signed-in areas and public pages the terminal never shows; everything else the entry
 * reaches (statically or by a dynamic import) is the terminal's: its area, the login, the shared
 * components and the catalogues of every language.
 */
const NOT_THE_TERMINAL = /\/src\/areas\/(?!operator\/|auth\/|shared\/)/;

/**
 * The files the terminal needs to open, reload and move between its pages with no network
 * (ADR 0024): the HTML shell, the chunks reachable from the entry except other areas' and the
 * website's, their stylesheets and assets, the favicon and the manifest. Sorted, with leading '/'.
 */
function terminalFiles(bundle: OutputBundle): string[] {
  const chunks = new Map(
    Object.values(bundle)
      .filter((output): output is OutputChunk => output.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('operator shell: the build has no entry chunk');
  const files = new Set<string>(['index.html', 'favicon.svg', SHELL_MANIFEST]);
  const visit = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    if (chunk !== entry && chunk.facadeModuleId && NOT_THE_TERMINAL.test(chunk.facadeModuleId)) return;
    files.add(chunk.fileName);
    const meta = (
      chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> } }
    ).viteMetadata;
    for (const css of meta?.importedCss ?? []) files.add(css);
    for (const asset of meta?.importedAssets ?? []) files.add(asset);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) {
      const child = chunks.get(next);
      if (child) visit(child);
    }
  };
  visit(entry);
  const operator = [...chunks.values()].find((chunk) =>
    chunk.facadeModuleId?.endsWith('/src/areas/operator/index.tsx'),
  );
  if (!operator || !files.has(operator.fileName))
    throw new Error('operator shell: the operator area is not reachable from the entry');
  return [...files].sort().map((file) => `/${file}`);
}

/** The web app manifest: the terminal installs as an app of its own and starts full screen. */
function manifest() {
  return {
    name: 'Kerf Terminal',
    short_name: 'Kerf Terminal',
    description: 'Kerf operator terminal at the cutting machine',
    id: '/operator',
    start_url: '/operator',
    scope: '/operator',
    display: 'fullscreen',
    display_override: ['fullscreen', 'standalone'],
    orientation: 'landscape',
    background_color: '#ffffff',
    theme_color: '#2f5d87',
    // PNGs for installers that want raster sizes (scripts/terminal-icons.mjs renders them from the SVG)
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/terminal-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/terminal-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/terminal-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/**
 * The operator terminal's offline shell (ADR 0024): `operator-sw.js`, the hand-written service worker
 * in operator-shell/service-worker.js with the terminal's files and a version derived from them, and
 * `operator.webmanifest`. Browser build only.
 */
export function operatorShell(): Plugin {
  return {
    name: 'kerf-operator-shell',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: SHELL_MANIFEST,
        source: `${JSON.stringify(manifest(), null, 2)}\n`,
      });
      const files = terminalFiles(bundle);
      // index.html is not in the bundle yet when chunks are generated: the version names the chunks
      // (hashed) and the manifest; a new build with new chunks is a new worker.
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
      const source = readFileSync(join(import.meta.dirname, 'operator-shell/service-worker.js'), 'utf8')
        .replace('__KERF_SHELL_VERSION__', version)
        .replace('__KERF_SHELL_FILES__', JSON.stringify(files));
      this.emitFile({ type: 'asset', fileName: SHELL_WORKER, source });
    },
  };
}
