import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, DataDirInUseError, openDatabase, queryRows } from '../db/client';
import { BackupError, backupPglite, restorePglite } from './backup';
import { embeddedBackupJob } from './backup-job';

let root: string;
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

/** Every table of the schema: its row count and a checksum over its rows in a fixed order. */
async function fingerprint(database: DatabaseHandle) {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const result: Record<string, { rows: number; md5: string | null }> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ rows: number; md5: string | null }>(
      database.db,
      sql.raw(
        `SELECT count(*)::int AS rows, md5(string_agg(t::text, '|' ORDER BY t::text)) AS md5 FROM ${name} t`,
      ),
    );
    result[name] = row!;
  }
  return result;
}

describe('backup and restore of the embedded data directory', () => {
  it('backup, wipe, restore keeps every row of every table; a running server or a full directory is refused', async () => {
    root = await mkdtemp(join(tmpdir(), 'kerf-backup-'));
    const pgDir = join(root, 'pg');
    const database = await openDatabase({ kind: 'pglite', dataDir: pgDir });
    // Rows in several tables, as the owner (the tenant, its users, the audit log, the outbox).
    await database.db.execute(sql`
      WITH t AS (INSERT INTO tenants (slug, name, kind) VALUES ('backup-test', 'Zürich Druck «Ä»', 'PRINTING_SHOP') RETURNING id)
      INSERT INTO users (tenant_id, username, password_hash, first_name, last_name, role)
        SELECT id, 'user' || n, 'hash', 'Łucja', 'Ödön ' || n, 'PRINTING_SHOP_OPERATOR' FROM t, generate_series(1, 50) n`);
    await database.db.execute(sql`
      INSERT INTO audit_log (tenant_id, action, details)
        SELECT id, 'test.backup', jsonb_build_object('n', n, 'text', 'مرحبا') FROM tenants, generate_series(1, 500) n`);
    await database.db.execute(sql`
      INSERT INTO mail_outbox (kind, recipient, subject, body) VALUES ('test', 'a@example.com', 'Привет', 'line 1
line 2')`);
    const before = await fingerprint(database);
    expect(before.users!.rows).toBe(50);

    await database.close();
    // While a server owns the directory (its lock names a running process), backup refuses.
    await writeFile(join(pgDir, 'kerf.pid'), String(process.ppid));
    await expect(backupPglite(pgDir, join(root, 'refused.tar.gz'))).rejects.toThrow(DataDirInUseError);
    await rm(join(pgDir, 'kerf.pid'));

    const file = join(root, 'backup.tar.gz');
    const { bytes } = await backupPglite(pgDir, file);
    expect(bytes).toBeGreaterThan(1000);
    // An existing backup file is never overwritten.
    await expect(backupPglite(pgDir, file)).rejects.toThrow();

    // Restoring over a database refuses without --force.
    await expect(restorePglite(file, pgDir)).rejects.toThrow(BackupError);

    await rm(pgDir, { recursive: true, force: true });
    await restorePglite(file, pgDir);
    const restored = await openDatabase({ kind: 'pglite', dataDir: pgDir });
    try {
      expect(await fingerprint(restored)).toEqual(before);
    } finally {
      await restored.close();
    }

    // --force keeps the current directory aside and restores.
    await writeFile(join(root, 'marker'), '');
    const { keptAside } = await restorePglite(file, pgDir, { force: true });
    expect(keptAside).toMatch(/pg\.before-restore-/);
  }, 180_000);

  it.each(['worker', 'main'] as const)(
    'the running server backs itself up (PGlite in its %s thread): consistent copies, the newest kept, each restorable',
    async (thread) => {
      root ??= await mkdtemp(join(tmpdir(), 'kerf-backup-'));
      const pgDir = join(root, `running-${thread}`);
      const backups = join(root, `backups-${thread}`);
      const database = await openDatabase({ kind: 'pglite', dataDir: pgDir, thread });
      const addAudit = (from: number, to: number) =>
        database.db.execute(sql`
          INSERT INTO audit_log (tenant_id, action, details)
            SELECT id, 'test.online-backup', jsonb_build_object('n', n) FROM tenants, generate_series(${from}::int, ${to}::int) n`);
      try {
        await database.db.execute(
          sql`INSERT INTO tenants (slug, name, kind) VALUES ('online-backup', 'Druckerei Süd', 'PRINTING_SHOP')`,
        );
        await addAudit(1, 300);
        expect(database.copyTo).toBeDefined();
        const job = embeddedBackupJob({
          copyTo: database.copyTo!,
          directory: backups,
          keep: 2,
          everyMs: 3_600_000,
        });
        const context = { signal: new AbortController().signal, log: console as never };
        // writes go on while the copy is taken: each one lands wholly before or after it
        const writes = Promise.all(
          Array.from({ length: 5 }, (_, i) => addAudit(1000 + i * 10, 1009 + i * 10)),
        );
        const first = await job.run(context);
        await writes;
        expect(first).toMatch(/^kerf-\S+: \d+ MB in [\d.]+ s; 1 kept$/);
        // the copy taken while they ran opens, and holds the 300 rows and whole batches of the writes
        const [firstBackup] = await readdir(backups);
        await restorePglite(join(backups, firstBackup!), join(root, `first-${thread}`));
        const copy = await openDatabase({
          kind: 'pglite',
          dataDir: join(root, `first-${thread}`),
          thread: 'main',
        });
        try {
          const [{ n }] = (await queryRows<{ n: number }>(
            copy.db,
            sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'test.online-backup'`,
          )) as [{ n: number }];
          expect([300, 310, 320, 330, 340, 350]).toContain(n);
        } finally {
          await copy.close();
        }

        const afterWrites = await fingerprint(database);
        await job.run(context);
        await job.run(context);
        const kept = (await readdir(backups)).sort();
        expect(kept).toHaveLength(2);
        expect(kept).not.toContain(firstBackup);
        expect(kept.every((name) => /^kerf-[\dT-]+Z$/.test(name))).toBe(true);
        await restorePglite(join(backups, kept[1]!), join(root, `newest-${thread}`));
        const newest = await openDatabase({
          kind: 'pglite',
          dataDir: join(root, `newest-${thread}`),
          thread: 'main',
        });
        try {
          expect(await fingerprint(newest)).toEqual(afterWrites);
        } finally {
          await newest.close();
        }
      } finally {
        await database.close();
      }
    },
    180_000,
  );
});
