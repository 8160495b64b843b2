import { readdir, readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the source scans (table-ownership.test.ts, sql-in-repositories.test.ts) share. */

export const SERVER_SRC = fileURLToPath(new URL('../src/', import.meta.url));

export interface SourceFile {
  /** relative to apps/server, with forward slashes: `src/modules/auth/users.repository.ts` */
  path: string;
  text: string;
}

/** Every `.ts` source file under apps/server/src but the tests, by path. */
export async function serverSources(): Promise<SourceFile[]> {
  const entries = await readdir(SERVER_SRC, { recursive: true });
  const files = entries
    .map((entry) => entry.split(sep).join('/'))
    .filter((entry) => entry.endsWith('.ts') && !entry.endsWith('.test.ts'))
    .sort();
  return Promise.all(
    files.map(async (entry) => ({
      path: `src/${entry}`,
      text: await readFile(join(SERVER_SRC, entry), 'utf8'),
    })),
  );
}

/** Drizzle table variables of the schema: `export const cuttingMachines = pgTable('cutting_machines'`. */
function tableVariables(schemaSources: string[]): Map<string, string> {
  const variables = new Map<string, string>();
  for (const source of schemaSources) {
    for (const [, variable, table] of source.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      variables.set(variable!, table!);
    }
  }
  return variables;
}

/** The schema's table variables, read from `src/db/schema`. */
export async function schemaTableVariables(): Promise<Map<string, string>> {
  const schemaDir = join(SERVER_SRC, 'db/schema');
  const schemaFiles = (await readdir(schemaDir)).filter((name) => name.endsWith('.ts'));
  return tableVariables(
    await Promise.all(schemaFiles.map((name) => readFile(join(schemaDir, name), 'utf8'))),
  );
}

/** Comments become blank (line numbers are kept): prose in them is no statement. */
export function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[ \t])\/\/.*$/gm, '$1');
}

/** The 1-based line of a character index in `text`. */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text[i] === '\n') line++;
  return line;
}
