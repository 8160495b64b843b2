import { describe, expect, it } from 'vitest';
import { lineAt, type SourceFile, schemaTableVariables, serverSources, withoutComments } from './source-scan';

/**
 * docs/architecture.md "Repositories hold all SQL and take the transaction they run in", checked: a
 * source file under src/modules that is not a `*.repository.ts` builds or runs no SQL — no sql``
 * template, no `sql.raw`/`sql.join`, no `execute`, `queryRows` or `runPrepared`, and no Drizzle query
 * builder on a schema table (`.from(t)`, `.insert(t)`, `.update(t)`, `.delete(t)`). Services,
 * routes and helpers call repository functions instead. `src/db/` is the database layer itself
 * and is not scanned.
 */

/** Files allowed to hold SQL outside a repository, each with its reason. */
const ALLOWED: Record<string, string> = Object.fromEntries(
  [
    'src/modules/customer-service/customer-service.seed.ts',
    'src/modules/logistics/logistics.seed.ts',
    'src/modules/notifications/notifications.seed.ts',
  ].map((file) => [
    file,
    // A seed's bulk statements (months of generated history in one INSERT … SELECT) exist only for the
    // demo, run once at start-up and serve no request; table-ownership.test.ts checks that each
    // writes only its own module's tables, and `src/demo` itself holds no SQL.
    "demo seed: bulk writes of its own module's demo rows, used by nothing else",
  ]),
);

interface Statement {
  file: string;
  line: number;
  /** where in the file, to keep the statements in their order */
  index: number;
  what: string;
}

const SQL_PATTERNS = [
  /\bsql(?:<[^>`]*>)?`/g,
  /\bsql\.(?:raw|join|identifier|placeholder)\(/g,
  /\.execute\(/g,
  /\bqueryRows\s*[<(]/g,
  /\brunPrepared\(/g,
];
const DRIZZLE_BUILDER = /\.(from|insert|update|delete|innerJoin|leftJoin)\(\s*(?:\w+\.)?(\w+)\s*[,)]/g;

/** Whether a file must hold no SQL: a non-test, non-repository source file under src/modules. */
const isScanned = (path: string) => path.startsWith('src/modules/') && !path.endsWith('.repository.ts');

/** Every SQL statement or fragment in a source text (comments aside). */
function findSql(file: SourceFile, variables: ReadonlyMap<string, string>): Statement[] {
  const text = withoutComments(file.text);
  const found: Statement[] = [];
  for (const pattern of SQL_PATTERNS)
    for (const match of text.matchAll(pattern))
      found.push({ file: file.path, line: lineAt(text, match.index), index: match.index, what: match[0] });
  for (const match of text.matchAll(DRIZZLE_BUILDER))
    if (variables.has(match[2]!))
      found.push({ file: file.path, line: lineAt(text, match.index), index: match.index, what: match[0] });
  return found.sort((a, b) => a.index - b.index);
}

const violations = (statements: Statement[]) =>
  statements
    .filter((statement) => !(statement.file in ALLOWED))
    .map(
      (statement) =>
        `${statement.file}:${statement.line} holds SQL ("${statement.what}"); move it into a repository`,
    );

describe('SQL lives in repositories (docs/architecture.md)', () => {
  it('no source file under src/modules but a repository (or an allowed seed) holds SQL', async () => {
    const variables = await schemaTableVariables();
    const sources = (await serverSources()).filter((file) => isScanned(file.path));
    expect(sources.length).toBeGreaterThan(100);
    expect(violations(sources.flatMap((file) => findSql(file, variables)))).toEqual([]);
  });

  it('every allowed exception exists and still holds SQL (a stale exception goes)', async () => {
    const variables = await schemaTableVariables();
    const sources = await serverSources();
    for (const path of Object.keys(ALLOWED)) {
      const file = sources.find((source) => source.path === path);
      expect(file, path).toBeDefined();
      expect(findSql(file!, variables).length, path).toBeGreaterThan(0);
    }
  });

  it('the scan finds the SQL it is meant to find in the repositories, or an empty result would prove nothing', async () => {
    const variables = await schemaTableVariables();
    const repositories = (await serverSources()).filter((file) => file.path.endsWith('.repository.ts'));
    const statements = repositories.flatMap((file) => findSql(file, variables));
    expect(statements.length).toBeGreaterThan(200);
    expect(new Set(statements.map((statement) => statement.file)).size).toBeGreaterThan(30);
  });

  it('bites: a statement in a service, a route or a helper is reported, prose and look-alikes are not', async () => {
    const variables = await schemaTableVariables();
    const fixtures: SourceFile[] = [
      {
        path: 'src/modules/printing-shop/rogue.service.ts',
        text: [
          "import type { SQL } from 'drizzle-orm';",
          'export async function rename(tx: Tx, id: string, name: string) {',
          '  // sql`UPDATE teams` in a comment is prose, not a statement',
          '  await tx.execute(sql`UPDATE teams SET name = $1 WHERE id = $2`);',
          '  const rows = await tx',
          '    .select()',
          '    .from(locations);',
          "  createHash('sha256').update(name);",
          '  cache.delete(id);',
          '  return queryRows<{ id: string }>(tx, sql.raw(`SELECT 1`));',
          '}',
        ].join('\n'),
      },
      { path: 'src/modules/knife/knife.routes.ts', text: 'await tx.insert(schema.knives).values(row);\n' },
      { path: 'src/modules/teams/teams.repository.ts', text: 'await tx.execute(sql`DELETE FROM teams`);\n' },
      {
        path: 'src/modules/logistics/logistics.seed.ts',
        text: 'await tx.execute(sql`DELETE FROM knife_custody`);\n',
      },
    ].filter((file) => isScanned(file.path));
    expect(violations(fixtures.flatMap((file) => findSql(file, variables)))).toEqual([
      'src/modules/printing-shop/rogue.service.ts:4 holds SQL (".execute("); move it into a repository',
      'src/modules/printing-shop/rogue.service.ts:4 holds SQL ("sql`"); move it into a repository',
      'src/modules/printing-shop/rogue.service.ts:7 holds SQL (".from(locations)"); move it into a repository',
      'src/modules/printing-shop/rogue.service.ts:10 holds SQL ("queryRows<"); move it into a repository',
      'src/modules/printing-shop/rogue.service.ts:10 holds SQL ("sql.raw("); move it into a repository',
      'src/modules/knife/knife.routes.ts:1 holds SQL (".insert(schema.knives)"); move it into a repository',
    ]);
  });
});
