import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules of the web app (biome.json `noRestrictedImports` overrides) bite: fixture files
 * with one import each are linted with the repository's own biome.json as if they lived at those
 * paths, and only the imports that cross a boundary are refused.
 */
const ROOT = resolve(__dirname, '../../..');
const BIOME = join(ROOT, 'node_modules/.bin/biome');

const FIXTURES: { path: string; from: string; refused: boolean }[] = [
  // a feature reaches another feature only through its index.ts
  { path: 'features/machines/components/a.tsx', from: '../../locations/api/keys', refused: true },
  { path: 'features/machines/components/b.tsx', from: '../../locations/components/x', refused: true },
  { path: 'features/machines/components/c.tsx', from: '../../locations', refused: false },
  { path: 'features/machines/components/d.tsx', from: '../api/keys', refused: false },
  { path: 'features/machines/components/e.tsx', from: '../../../components/form', refused: false },
  { path: 'features/machines/f.ts', from: '../locations/api/keys', refused: true },
  { path: 'features/machines/g.ts', from: './api/keys', refused: false },
  { path: 'features/machines/h.ts', from: '../locations', refused: false },
  // features never import areas
  { path: 'features/machines/components/i.tsx', from: '../../../areas/shared', refused: true },
  // components/ and lib/ never import features/ or areas/
  { path: 'components/form/j.ts', from: '../../features/session', refused: true },
  { path: 'components/data-table/k.tsx', from: '../../areas/printing-admin/pages/x', refused: true },
  { path: 'lib/live/l.ts', from: '../../features/machines', refused: true },
  { path: 'lib/live/m.ts', from: '../api', refused: false },
  // pages and the app shell import features through their index.ts
  { path: 'areas/printing-admin/pages/n.tsx', from: '../../../features/machines/api/keys', refused: true },
  { path: 'areas/printing-admin/pages/o.tsx', from: '../../../features/machines', refused: false },
  { path: 'app/p.tsx', from: '../features/session/hooks/use-session', refused: true },
  // the web-wide rule stays in force in every layer
  { path: 'features/machines/q.ts', from: '../../../../../apps/server/src/app', refused: true },
];

let dir: string;
let refused: Set<string>;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kerf-boundaries-'));
  const config = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8'));
  delete config.vcs; // the fixtures are not in a git checkout
  writeFileSync(join(dir, 'biome.json'), JSON.stringify(config));
  for (const fixture of FIXTURES) {
    const file = join(dir, 'apps/web/src', fixture.path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `import { value } from '${fixture.from}';\n\nexport const copy = value;\n`);
  }
  let output: string;
  try {
    output = execFileSync(BIOME, ['lint', '--reporter=json', '--max-diagnostics=none', '.'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    // biome exits 1 when it found errors; the report is on stdout all the same
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  const report = JSON.parse(output) as {
    diagnostics: { category: string; location: { path: string } }[];
  };
  refused = new Set(
    report.diagnostics
      .filter((d) => d.category === 'lint/style/noRestrictedImports')
      .map((d) => d.location.path.replace(/^apps\/web\/src\//, '')),
  );
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('web layer boundaries (biome noRestrictedImports)', () => {
  it.each(FIXTURES)('$path importing $from: refused $refused', ({ path, refused: expected }) => {
    expect(refused.has(path)).toBe(expected);
  });
});
