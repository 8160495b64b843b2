import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    database: { kind: 'pglite'; templateFile: string } | { kind: 'postgres'; url: string; template: string };
  }
}

/** Databases with another name part are left alone; ours are dropped after the run. */
export const TEST_DATABASE_PREFIX = 'kerf_test_';

export function databaseUrl(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * Migrates one template database per run: a PGlite data directory dump, or, with DATABASE_URL, a
 * PostgreSQL template database. Every test file then starts from a copy of it.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `${TEST_DATABASE_PREFIX}tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(url, template), poolSize: 1 });
    await handle.close();
    project.provide('database', { kind: 'postgres', url, template });
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE '${TEST_DATABASE_PREFIX}%' AND datname LIKE $1`,
        [`%${template.slice(-8)}%`],
      );
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.end();
    };
  }
  const directory = await mkdtemp(join(tmpdir(), 'kerf-test-'));
  const client = await PGlite.create();
  const handle = await openDatabase({ kind: 'pglite', client });
  const dump = await client.dumpDataDir('gzip');
  await handle.close();
  const templateFile = join(directory, 'template.tar.gz');
  await writeFile(templateFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('database', { kind: 'pglite', templateFile });
  return () => rm(directory, { recursive: true, force: true });
}
