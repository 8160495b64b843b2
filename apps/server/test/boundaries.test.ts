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
  { path: 'apps/server/src/modules/alpha/alpha.test.ts', imports: '../../../test/harness', bad: false },
  // paths that leave apps/server/src (three or more ../ from a module's top folder) and come back in
  {
    path: 'apps/server/src/modules/alpha/escape.ts',
    imports: '../../../src/modules/beta/beta.repository',
    bad: true,
  },
  {
    path: 'apps/server/src/modules/alpha/escape-far.ts',
    imports: '../../../../server/src/db/client',
    bad: true,
  },
  // files in a module's subfolders keep the same boundary, one or two folders deeper
  { path: 'apps/server/src/modules/alpha/sub/a.ts', imports: '../../beta/beta.repository', bad: true },
  {
    path: 'apps/server/src/modules/alpha/sub/b.ts',
    imports: '../../../modules/beta/beta.service',
    bad: true,
  },
  {
    path: 'apps/server/src/modules/alpha/sub/c.ts',
    imports: '../../../../src/modules/beta/index',
    bad: true,
  },
  { path: 'apps/server/src/modules/alpha/sub/d.ts', imports: '../../beta/index', bad: false },
  { path: 'apps/server/src/modules/alpha/sub/e.ts', imports: '../alpha.repository', bad: false },
  { path: 'apps/server/src/modules/alpha/sub/f.ts', imports: '../../../db/transactions', bad: false },
  { path: 'apps/server/src/modules/alpha/sub/g.ts', imports: '../../../modules/beta/index', bad: false },
  { path: 'apps/server/src/modules/alpha/sub/h.test.ts', imports: '../../../../test/harness', bad: false },
  {
    path: 'apps/server/src/modules/alpha/sub/deeper/a.ts',
    imports: '../../../beta/sub/beta.seed',
    bad: true,
  },
  {
    path: 'apps/server/src/modules/alpha/sub/deeper/b.ts',
    imports: '../../../../../package.json',
    bad: true,
  },
  { path: 'apps/server/src/modules/alpha/sub/deeper/c.ts', imports: '../../../../lib/actor', bad: false },
  { path: 'apps/server/src/modules/alpha/sub/deeper/d.ts', imports: '../../alpha.service', bad: false },
  // deeper than that the imports cannot be told apart, so nothing may climb three folders
  {
    path: 'apps/server/src/modules/alpha/a/b/c/x.ts',
    imports: '../../../../beta/beta.repository',
    bad: true,
  },
  { path: 'apps/server/src/modules/alpha/a/b/c/y.ts', imports: '../z', bad: false },
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
    expect(messageOf('apps/server/src/modules/alpha/sub/a.ts')).toContain('only through its index.ts');
    expect(messageOf('apps/server/src/modules/alpha/escape.ts')).toContain('nothing outside apps/server/src');
    expect(messageOf('apps/server/src/modules/alpha/a/b/c/x.ts')).toContain('at most two deep');
  });
});
