import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { type CataloguePart, cataloguePart } from './src/lib/i18n/catalogue-parts';

const QUERY = /\?part=(public|staff)$/;
const PREFIX = '\0kerf-catalogue:';

/**
 * `import x from './locales/de.json?part=public'`: the namespaces of one part of a catalogue as a
 * module of its own (src/lib/i18n/catalogue-parts.ts), so the first load carries only the public part.
 */
export function catalogueParts(): Plugin {
  return {
    name: 'kerf-catalogue-parts',
    enforce: 'pre',
    async resolveId(source, importer) {
      const match = QUERY.exec(source);
      if (!match || !source.includes('.json')) return null;
      const resolved = await this.resolve(source.replace(QUERY, ''), importer, { skipSelf: true });
      return resolved ? `${PREFIX}${resolved.id}?part=${match[1]}` : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const match = QUERY.exec(id)!;
      const file = id.slice(PREFIX.length).replace(QUERY, '');
      this.addWatchFile(file);
      const catalogue = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      return `export default ${JSON.stringify(cataloguePart(catalogue, match[1] as CataloguePart))};`;
    },
  };
}
