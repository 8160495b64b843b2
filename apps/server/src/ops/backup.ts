import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { copyDataDir, lockDataDir } from '../db/client';

/**
 * Backup and restore of the embedded PGlite data directory (docs/operations/backup.md). Both take
 * the data directory's lock first, so they refuse to run while a server owns it
 * (`DataDirInUseError`): a copy taken from a stopped database is consistent by construction. The
 * backup is PGlite's own dump of the directory (a gzip'd tar); the restore loads it into an empty
 * directory (a non-empty one only with `force`, and then the old contents are kept aside, not
 * deleted). PostgreSQL deployments use `pg_dump`/`pg_restore` instead.
 */
export async function backupPglite(pgDir: string, outFile: string): Promise<{ bytes: number }> {
  const entries: string[] = await readdir(pgDir).catch(() => []);
  if (!entries.includes('PG_VERSION'))
    throw new BackupError(`${pgDir} holds no database: nothing to back up.`);
  const unlock = await lockDataDir(pgDir);
  try {
    const client = await PGlite.create(pgDir);
    try {
      // a checkpoint first, so the dump holds everything committed, not only the write-ahead log
      await client.exec('CHECKPOINT');
      const dump = await client.dumpDataDir('gzip');
      const bytes = new Uint8Array(await dump.arrayBuffer());
      await mkdir(dirname(outFile), { recursive: true });
      await writeFile(outFile, bytes, { flag: 'wx' });
      return { bytes: bytes.length };
    } finally {
      await client.close();
    }
  } finally {
    await unlock();
  }
}

/**
 * Restores `source` into the data directory: a dump file of `backupPglite`, or a backup folder of
 * the running server's own backups (DATA_DIR/backups/kerf-<time>, ops/backup-job.ts).
 */
export async function restorePglite(
  source: string,
  pgDir: string,
  options: { force?: boolean } = {},
): Promise<{ keptAside: string | null }> {
  const isFolder = (await stat(source)).isDirectory();
  if (isFolder && !(await readdir(source)).includes('PG_VERSION'))
    throw new BackupError(`${source} holds no database: nothing to restore.`);
  const dump = isFolder ? null : await readFile(source);
  let keptAside: string | null = null;
  const existing = await readdir(pgDir).catch(() => null);
  if (existing?.some((entry) => entry !== 'kerf.pid')) {
    if (!options.force)
      throw new BackupError(
        `${pgDir} is not empty: restore into an empty data directory, or pass --force to keep the current one aside.`,
      );
    // Refuses while a server runs; then the current directory is moved aside whole.
    const unlock = await lockDataDir(pgDir);
    await unlock();
    keptAside = `${pgDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(pgDir, keptAside);
  }
  await mkdir(pgDir, { recursive: true });
  const unlock = await lockDataDir(pgDir);
  try {
    if (isFolder) await copyDataDir(source, pgDir);
    const client = await PGlite.create(
      dump ? { dataDir: pgDir, loadDataDir: new Blob([dump]) } : { dataDir: pgDir },
    );
    await client.query('SELECT 1');
    await client.close();
  } catch (error) {
    await rm(pgDir, { recursive: true, force: true });
    if (keptAside) await rename(keptAside, pgDir);
    throw error;
  } finally {
    await unlock();
  }
  return { keptAside };
}

export class BackupError extends Error {}
