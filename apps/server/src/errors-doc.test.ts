import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES } from '@kerf/contracts';
import { describe, expect, it } from 'vitest';
import { generateErrorsDoc } from './errors-doc';

const SOURCE = fileURLToPath(new URL('.', import.meta.url));
const DOC = fileURLToPath(new URL('../../../docs/errors.md', import.meta.url));

async function sourceFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) => {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
    }),
  );
  return files.flat();
}

describe('docs/errors.md', () => {
  it('is generated from the catalogue and the route contracts (run `npm run openapi` when this fails)', async () => {
    expect(await readFile(DOC, 'utf8')).toBe(generateErrorsDoc());
  });

  it('lists every code the server throws', async () => {
    const doc = await readFile(DOC, 'utf8');
    const thrown = new Set<string>();
    for (const file of await sourceFiles(SOURCE)) {
      const text = await readFile(file, 'utf8');
      for (const match of text.matchAll(/AppError\(\s*'([a-z-]+\.[A-Za-z_.-]+)'/g)) thrown.add(match[1]!);
    }
    expect(thrown.size).toBeGreaterThan(40);
    const missing = [...thrown].filter((code) => !doc.includes(`| \`${code}\` |`));
    expect(missing).toEqual([]);
    // and every catalogue code has its row
    expect(ERROR_CODES.filter((code) => !doc.includes(`| \`${code}\` |`))).toEqual([]);
  });
});
