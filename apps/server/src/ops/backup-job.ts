import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { JobDefinition } from '../lib/scheduler';

/** A finished backup's folder name: `kerf-` and the UTC time it was taken, so names sort by age. */
const BACKUP_NAME = /^kerf-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;
const PARTIAL = '.partial';

/**
 * The embedded database's own backup (docs/operations/backup.md): while the server runs, a copy of
 * PGlite's data directory into `directory/kerf-<UTC time>/`, taken between transactions after a
 * checkpoint (`DatabaseHandle.copyTo`), so it is consistent and its memory does not grow with the
 * database. The copy is written under a `.partial` name and renamed when whole, so a run cut short
 * never counts as a backup; the newest `keep` backups are kept. Restore one with
 * `npm run restore -- <folder>` while the server is stopped.
 */
export function embeddedBackupJob(deps: {
  copyTo: (directory: string) => Promise<void>;
  directory: string;
  keep: number;
  everyMs: number;
}): JobDefinition {
  return {
    name: 'embedded-backup',
    everyMs: deps.everyMs,
    async run() {
      await mkdir(deps.directory, { recursive: true });
      for (const entry of await readdir(deps.directory))
        if (entry.endsWith(PARTIAL)) await rm(join(deps.directory, entry), { recursive: true, force: true });
      const name = `kerf-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      const started = performance.now();
      await deps.copyTo(join(deps.directory, `${name}${PARTIAL}`));
      await rename(join(deps.directory, `${name}${PARTIAL}`), join(deps.directory, name));
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const backups = (await readdir(deps.directory)).filter((entry) => BACKUP_NAME.test(entry)).sort();
      const removed = backups.slice(0, Math.max(0, backups.length - deps.keep));
      for (const old of removed) await rm(join(deps.directory, old), { recursive: true, force: true });
      const megabytes = (await folderBytes(join(deps.directory, name))) / 1e6;
      return `${name}: ${megabytes.toFixed(0)} MB in ${seconds} s; ${backups.length - removed.length} kept`;
    },
  };
}

async function folderBytes(folder: string): Promise<number> {
  let bytes = 0;
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) bytes += (await stat(join(entry.parentPath, entry.name))).size;
  return bytes;
}
