/**
 * `npm run backup -- --out FILE` and `npm run restore -- FILE [--force]`: the embedded PGlite data
 * directory (DATA_DIR/pg) while no server runs. With DATABASE_URL set, the commands say how to use
 * pg_dump / pg_restore instead (docs/operations/backup.md).
 */
import { join, resolve } from 'node:path';
import { parseConfig } from '../config';
import { DataDirInUseError } from '../db/client';
import { BackupError, backupPglite, restorePglite } from './backup';

const [command, ...args] = process.argv.slice(2);
const usage = 'usage: npm run backup -- --out FILE | npm run restore -- FILE [--force]';

async function main() {
  // PostgreSQL first: its configuration needs more than these commands do (JWT_SECRET).
  if (process.env.DATABASE_URL) {
    console.error(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump --format=custom and restore with pg_restore (docs/operations/backup.md).',
    );
    return 2;
  }
  const config = parseConfig(process.env);
  const pgDir = resolve(join(config.dataDir, 'pg'));
  if (command === 'backup') {
    const at = args.indexOf('--out');
    const out = at >= 0 ? args[at + 1] : undefined;
    if (!out) {
      console.error(usage);
      return 2;
    }
    const { bytes } = await backupPglite(pgDir, resolve(out));
    console.log(`backed up ${pgDir} to ${resolve(out)} (${bytes} bytes)`);
    return 0;
  }
  if (command === 'restore') {
    const file = args.find((arg) => !arg.startsWith('--'));
    if (!file) {
      console.error(usage);
      return 2;
    }
    const { keptAside } = await restorePglite(resolve(file), pgDir, { force: args.includes('--force') });
    console.log(
      `restored ${resolve(file)} into ${pgDir}${keptAside ? `; the previous data is in ${keptAside}` : ''}`,
    );
    return 0;
  }
  console.error(usage);
  return 2;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    if (
      error instanceof BackupError ||
      error instanceof DataDirInUseError ||
      (error as NodeJS.ErrnoException).code === 'EEXIST'
    ) {
      console.error((error as Error).message);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  },
);
