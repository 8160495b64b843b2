import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  SERVER_SRC,
  type SourceFile,
  schemaTableVariables,
  serverSources,
  withoutComments,
} from './source-scan';

/**
 * ADR 0012 ("One owning module per table"), checked: every table is written only by the module the
 * record names as its owner. The owners are read from the record's table; the one exception it allows
 * (telemetry's cut statement) is kept here and checked against the record's text.
 */

const ADR_PATH = fileURLToPath(new URL('../../../docs/decisions/0012-table-ownership.md', import.meta.url));

/** ADR 0012, "The exception: telemetry's cut statement". */
const CUT_STATEMENT = {
  file: 'src/modules/telemetry/telemetry.repository.ts',
  declaration: 'insertCutsStatement',
  tables: ['cutting_machines', 'knives', 'cutting_jobs'],
} as const;

interface Write {
  file: string;
  line: number;
  table: string;
  /** the top-level declaration the write sits in (function or const), '' at module level */
  declaration: string;
  statement: string;
}

/** `auth`, `db`, `demo`, ... : `src/modules/<module>/…`, otherwise the first folder under src/. */
function moduleOf(path: string): string {
  const parts = path.split('/');
  if (parts[1] === 'modules') return parts[2] ?? '';
  return parts.length > 2 ? parts[1]! : '(src)';
}

/** The ADR's table: `| \`t1\`, \`t2\` | owner … | notes |` → t1 → owner, t2 → owner. */
function ownersFromAdr(markdown: string): Map<string, string> {
  const owners = new Map<string, string>();
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) continue;
    const [tablesCell = '', ownerCell = ''] = line
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim());
    if (tablesCell === 'Table' || /^-+$/.test(tablesCell)) continue;
    const owner = /^`?([a-z-]+)\/?`?/.exec(ownerCell)?.[1];
    if (!owner) throw new Error(`ADR row without an owner: ${line}`);
    for (const [, table] of tablesCell.matchAll(/`([a-z_][a-z0-9_]*)`/g)) owners.set(table!, owner);
  }
  return owners;
}

const SQL_WRITE =
  /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM|COPY|TRUNCATE(?:\s+TABLE)?|MERGE\s+INTO)\s+(?:ONLY\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;
const DRIZZLE_WRITE = /\.(insert|update|delete)\(\s*(?:\w+\.)?(\w+)\s*[,)]/g;
const DECLARATION = /^(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?|const|let|class)\s+(\w+)/;

/**
 * Every write in a source text: SQL `INSERT INTO`/`UPDATE`/`DELETE FROM`/`COPY`/`TRUNCATE`/`MERGE INTO`
 * naming a known table (so `DO UPDATE SET` is none), and Drizzle `.insert(t)`/`.update(t)`/`.delete(t)`
 * on a schema table variable (so `hash.update(value)` and `map.delete(key)` are none).
 */
function findWrites(
  file: SourceFile,
  tables: ReadonlySet<string>,
  variables: ReadonlyMap<string, string>,
): Write[] {
  const text = withoutComments(file.text);
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const lines = text.split('\n');
  const locate = (index: number) => {
    let line = lineStarts.findLastIndex((start) => start <= index);
    const at = line + 1;
    let declaration = '';
    for (; line >= 0; line--) {
      const match = DECLARATION.exec(lines[line]!);
      if (match) {
        declaration = match[1]!;
        break;
      }
    }
    return { line: at, declaration };
  };
  const writes: Write[] = [];
  for (const match of text.matchAll(SQL_WRITE)) {
    const table = match[2]!.toLowerCase();
    if (!tables.has(table)) continue;
    const statement = match[0].replace(/\s+/g, ' ');
    writes.push({ file: file.path, table, statement, ...locate(match.index) });
  }
  for (const match of text.matchAll(DRIZZLE_WRITE)) {
    const table = variables.get(match[2]!);
    if (!table) continue;
    writes.push({ file: file.path, table, statement: match[0], ...locate(match.index) });
  }
  return writes.sort((a, b) => a.line - b.line);
}

const isCutStatement = (write: Write) =>
  write.file === CUT_STATEMENT.file &&
  write.declaration === CUT_STATEMENT.declaration &&
  (CUT_STATEMENT.tables as readonly string[]).includes(write.table);

/** Writes from outside the owning module, as readable lines; a table the ADR does not list is one too. */
function ownershipViolations(writes: Write[], owners: ReadonlyMap<string, string>): string[] {
  return writes
    .filter((write) => moduleOf(write.file) !== owners.get(write.table) && !isCutStatement(write))
    .map(
      (write) =>
        `${write.file}:${write.line} (${write.declaration || 'module level'}) writes ${write.table}` +
        ` with "${write.statement}", but ${write.table} belongs to ${owners.get(write.table) ?? 'no module in ADR 0012'}`,
    );
}

async function loadRules() {
  const adr = await readFile(ADR_PATH, 'utf8');
  const owners = ownersFromAdr(adr);
  const variables = await schemaTableVariables();
  return { adr, owners, variables, tables: new Set([...owners.keys(), ...variables.values()]) };
}

describe('table ownership (ADR 0012)', () => {
  it('the ADR lists every table the schema and the migrations create, and only those', async () => {
    const { owners, variables } = await loadRules();
    const migrationsDir = join(SERVER_SRC, 'db/migrations');
    const migrations = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql'));
    const created = new Set<string>();
    const partitions = new Set<string>();
    for (const name of migrations) {
      const sqlText = await readFile(join(migrationsDir, name), 'utf8');
      for (const [, table] of sqlText.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"?(\w+)"?/gi))
        created.add(table!);
      for (const [, table] of sqlText.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"?(\w+)"? PARTITION OF/gi)) {
        partitions.add(table!);
      }
    }
    const adrTables = [...owners.keys()].sort();
    expect(adrTables).toEqual([...new Set(variables.values())].sort());
    expect(adrTables).toEqual([...created].filter((table) => !partitions.has(table)).sort());
    // owners are modules that exist
    const modules = new Set((await readdir(join(SERVER_SRC, 'modules'))).concat('db'));
    const missing = [...new Set(owners.values())].filter((owner) => !modules.has(owner));
    expect(missing).toEqual([]);
  });

  it('no table is written from outside its owning module in apps/server/src', async () => {
    const { owners, variables, tables } = await loadRules();
    const writes = (await serverSources()).flatMap((file) => findWrites(file, tables, variables));
    // the scan finds the writes it is meant to find, or an empty result would prove nothing
    expect(writes.length).toBeGreaterThan(40);
    expect(new Set(writes.map((write) => write.table)).size).toBeGreaterThanOrEqual(15);
    expect(ownershipViolations(writes, owners)).toEqual([]);
  });

  it("telemetry's cut statement is the one exception, as the ADR describes it, and stays one statement", async () => {
    const { adr, variables, tables } = await loadRules();
    const exception = adr.slice(adr.indexOf("### The exception: telemetry's cut statement"));
    expect(exception).toContain(`\`${CUT_STATEMENT.declaration}\``);
    expect(exception).toContain(`\`${CUT_STATEMENT.file.replace(/^src\//, '')}\``);
    for (const table of CUT_STATEMENT.tables) expect(exception).toContain(`\`${table}`);

    const file = (await serverSources()).find((source) => source.path === CUT_STATEMENT.file)!;
    const inStatement = findWrites(file, tables, variables).filter(
      (write) => write.declaration === CUT_STATEMENT.declaration,
    );
    // each foreign table exactly once, inside the single sql`` template of the declaration
    const foreign = inStatement.filter(isCutStatement).map((write) => write.table);
    expect(foreign.sort()).toEqual([...CUT_STATEMENT.tables].sort());
    const declared = file.text.search(new RegExp(`\\b(?:function|const) ${CUT_STATEMENT.declaration}\\b`));
    expect(declared).toBeGreaterThanOrEqual(0);
    const body = file.text.slice(declared);
    const end = body.slice(1).search(/\n(?:export\s+)?(?:async\s+)?(?:function|const|let|class|interface)\s/);
    expect((end < 0 ? body : body.slice(0, end + 1)).match(/sql`/g)).toHaveLength(1);
  });

  it('the demo seeding writes nothing itself and calls only the module functions the ADR names', async () => {
    const { adr, variables, tables } = await loadRules();
    const demo = (await serverSources()).filter((file) => file.path.startsWith('src/demo/'));
    expect(demo.length).toBeGreaterThan(0);
    expect(demo.flatMap((file) => findWrites(file, tables, variables))).toEqual([]);
    const demoBullet = adr.split('\n- ').find((bullet) => bullet.startsWith('**Demo data**'))!;
    // the module functions the bullet names: the owners' seeds and what the demo history calls
    const seeds = [...demoBullet.matchAll(/`((?:seed|find|read|credit|open|close)\w+)`/g)]
      .map(([, name]) => name!)
      .sort();
    const imported: string[] = [];
    for (const file of demo) {
      for (const [, names, from] of file.text.matchAll(
        /import\s+(?!type\b)\{([^}]*)\}\s+from\s+'([^']+)'/g,
      )) {
        if (!from!.includes('/modules/')) continue;
        expect(from).toMatch(/^\.\.\/modules\/[a-z-]+\/index$/);
        imported.push(...names!.split(',').map((name) => name.trim().replace(/^type\s+/, '')));
      }
    }
    expect(imported.filter(Boolean).sort()).toEqual(seeds);
  });

  it('bites: a write from the wrong module is reported, in SQL and in Drizzle, and an owner write is not', async () => {
    const { owners, variables, tables } = await loadRules();
    const fixtures: SourceFile[] = [
      {
        path: 'src/modules/printing-shop/rogue.repository.ts',
        text: [
          "import { knives } from '../../db/schema/index';",
          'export async function renameMachine(tx: Tx, id: string, name: string) {',
          '  // UPDATE cutting_machines here would be prose in a comment, not a write',
          '  await tx.execute(sql`UPDATE cutting_machines SET name = $1 WHERE id = $2`);',
          '  await tx',
          '    .update(knives)',
          '    .set({ articleNumber: name });',
          "  createHash('sha256').update(name);",
          '  await tx.execute(sql`INSERT INTO locations (tenant_id, name) VALUES ($1, $2)`);',
          '}',
        ].join('\n'),
      },
      { path: 'src/ingest/bulk.ts', text: 'const load = sql`copy "cuts" FROM STDIN`;\n' },
      {
        path: 'src/modules/telemetry/telemetry.repository.ts',
        text: 'export async function touchMachine(tx: Tx) {\n  await tx.execute(sql`UPDATE cutting_machines SET presence = 1`);\n}\n',
      },
      { path: 'src/demo/index.ts', text: 'await tx.delete(schema.users).where(eq(schema.users.id, id));\n' },
    ];
    const violations = ownershipViolations(
      fixtures.flatMap((file) => findWrites(file, tables, variables)),
      owners,
    );
    expect(violations).toEqual([
      'src/modules/printing-shop/rogue.repository.ts:4 (renameMachine) writes cutting_machines with "UPDATE cutting_machines", but cutting_machines belongs to machines',
      'src/modules/printing-shop/rogue.repository.ts:6 (renameMachine) writes knives with ".update(knives)", but knives belongs to knife',
      'src/ingest/bulk.ts:1 (load) writes cuts with "copy "cuts"", but cuts belongs to telemetry',
      'src/modules/telemetry/telemetry.repository.ts:2 (touchMachine) writes cutting_machines with "UPDATE cutting_machines", but cutting_machines belongs to machines',
      'src/demo/index.ts:1 (module level) writes users with ".delete(schema.users)", but users belongs to auth',
    ]);
  });
});
