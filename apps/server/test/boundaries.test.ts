import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIOME = join(REPO_ROOT, 'node_modules/.bin/biome');

/**
 * Fixture files, linted with the repository's own biome.json as if they lived at these paths:
 * each `bad` one breaks a module boundary and must be reported, each `good` one must not be.
 */
const FIXTURES: { path: string; imports: string; bad: boolean }[] = [
  // a module reaches another module only through its index.ts
  { path: 'apps/server/src/modules/alpha/alpha.service.ts', imports: '../beta/beta.repository', bad: true },
  { path: 'apps/server/src/modules/alpha/deep.ts', imports: '../../modules/beta/beta.service', bad: true },
  { path: 'apps/server/src/modules/alpha/seed.ts', imports: '../beta/sub/beta.seed', bad: true },
  { path: 'apps/server/src/modules/alpha/uses-beta.ts', imports: '../beta/index', bad: false },
  { path: 'apps/server/src/modules/alpha/own.ts', imports: './alpha.repository', bad: false },
  { path: 'apps/server/src/modules/alpha/tx.ts', imports: '../../db/transactions', bad: false },
  { path: 'apps/server/src/modules/alpha/route.ts', imports: '../../lib/route', bad: false },
  // db/ and lib/ import no module
  { path: 'apps/server/src/db/seed.ts', imports: '../modules/beta/index', bad: true },
  { path: 'apps/server/src/db/demo.ts', imports: '../demo/index', bad: true },
  { path: 'apps/server/src/lib/helper.ts', imports: '../modules/beta/beta.repository', bad: true },
  { path: 'apps/server/src/db/schema-user.ts', imports: './schema/index', bad: false },
  { path: 'apps/server/src/lib/uses-db.ts', imports: '../db/transactions', bad: false },
];

const run = promisify(execFile);

async function lintFixtures() {
  const root = await mkdtemp(join(tmpdir(), 'kerf-boundaries-'));
  try {
    await writeFile(join(root, 'biome.json'), await readFile(join(REPO_ROOT, 'biome.json')));
    for (const fixture of FIXTURES) {
      await mkdir(join(root, dirname(fixture.path)), { recursive: true });
      await writeFile(
        join(root, fixture.path),
        `import { value } from '${fixture.imports}';\n\nexport const copy = value;\n`,
      );
    }
    // The copy is not a git work tree; everything else comes from the repository's configuration.
    const result = await run(BIOME, ['lint', '--vcs-enabled=false', '--reporter=json', '.'], {
      cwd: root,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(result.stdout) as {
      diagnostics: { category: string; message: string; location: { path: string } }[];
    };
    return report.diagnostics.filter((d) => d.category === 'lint/style/noRestrictedImports');
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

describe('module boundaries (biome noRestrictedImports in biome.json)', () => {
  it('reports every import that crosses a boundary, and only those', async () => {
    const diagnostics = await lintFixtures();
    const reported = diagnostics.map((d) => d.location.path).sort();
    const expected = FIXTURES.filter((fixture) => fixture.bad)
      .map((fixture) => fixture.path)
      .sort();
    expect(reported).toEqual(expected);
    const messageOf = (path: string) => diagnostics.find((d) => d.location.path === path)?.message;
    expect(messageOf('apps/server/src/modules/alpha/alpha.service.ts')).toContain(
      'only through its index.ts',
    );
    expect(messageOf('apps/server/src/db/seed.ts')).toContain('import no module');
  });
});
