import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import {
  connectMachine,
  cutEvents,
  provisionMachine,
  publishAndAwaitAcks,
  tenantOf,
} from '../../../test/machine-helpers';
import { queryRows } from '../../db/client';

/**
 * Issue 30: the heavy operations all at once — the tenant export, every report CSV and a year of
 * every report section, the knife list CSV, the invoice PDF — while `/api/health` is asked again and
 * again and five machines publish cuts. Everything answers, every cut is acknowledged, and every
 * output is whole. (How fast is bench:freeze's business: timing proves nothing in a unit test.)
 * With `KERF_PGLITE_THREAD=worker` it runs on PGlite in its worker thread, as `npm start` does.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { onDisk: true });
});

/** The backup the database kind has, taken while everything else runs; answers a check of it. */
async function backUp(sysadmin: { bearerToken: string }, tenantId: string, knives: number) {
  if (t.database.kind === 'pglite') {
    const run = await t.request({
      method: 'POST',
      url: '/api/system/jobs/embedded-backup/run',
      headers: bearer(sysadmin),
    });
    return async () => {
      expect(run.statusCode, run.body).toBe(200);
      const status = run.json() as { outcome: string; lastMessage: string };
      expect(status.outcome, status.lastMessage).toBe('succeeded');
      const folder = /^(kerf-\S+):/.exec(status.lastMessage)![1]!;
      const copy = new PGlite(join(t.config.dataDir, 'backups', folder));
      try {
        const { rows } = await copy.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM knives WHERE tenant_id = $1',
          [tenantId],
        );
        expect(rows[0]!.n).toBe(knives);
      } finally {
        await copy.close();
      }
    };
  }
  const { stdout } = await promisify(execFile)('pg_dump', ['--format=custom', t.database.url!], {
    encoding: 'buffer',
    maxBuffer: 1 << 30,
  });
  return async () => {
    expect(stdout.subarray(0, 5).toString()).toBe('PGDMP');
    const listing = await new Promise<string>((resolve, reject) => {
      const child = execFile('pg_restore', ['--list'], { maxBuffer: 1 << 26 }, (error, out) =>
        error ? reject(error) : resolve(out),
      );
      child.stdin!.end(stdout);
    });
    expect(listing).toMatch(/TABLE DATA public knives /);
    // the cuts live in monthly partitions
    expect(listing).toMatch(/TABLE DATA public cuts_\d{4}_\d{2} /);
  };
}
afterAll(() => t.close());

describe('heavy operations at once', () => {
  it('answer whole while health answers and every cut of five machines is acknowledged', {
    timeout: 180_000,
  }, async () => {
    const admin = await t.login('demo', 'admin');
    const manager = await t.login('demo', 'manager');
    const sysadmin = await t.login('kerf', 'sysadmin');
    const tenantId = tenantOf(admin);
    const knives = (
      await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
        queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM knives`),
      )
    )[0]!.n;
    const machineIds = (
      await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
        queryRows<{ id: string }>(tx, sql`SELECT id FROM cutting_machines ORDER BY serial_number LIMIT 5`),
      )
    ).map((row) => row.id);
    expect(machineIds.length).toBeGreaterThan(0);
    const machines = await Promise.all(machineIds.map((id) => provisionMachine(t, tenantId, id)));
    const clients = await Promise.all(machines.map((machine) => connectMachine(t, machine)));

    const to = new Date().toISOString();
    const from = new Date(Date.now() - 365 * 86_400_000).toISOString();
    const period = `startDate=${encodeURIComponent(from)}&endDate=${encodeURIComponent(to)}&timeZone=Europe%2FBerlin`;
    const sections = [
      'employees/cuts-chart',
      'employees/total-times',
      'cutting-machines/average-uptime',
      'cutting-machines/total-uptime',
      'cutting-machines/used-knives-count',
      'knives/cuts-total',
      'knives/knife-cycles',
    ];
    const csvs = ['employees', 'cutting-machines', 'knives', 'cutting-jobs'];
    const invoices = (
      await t.request({ method: 'GET', url: '/api/knife/invoices', headers: bearer(admin) })
    ).json() as {
      id: string;
    }[];
    const get = (url: string, tokens = manager) => t.request({ method: 'GET', url, headers: bearer(tokens) });

    let healthy = 0;
    let heavyDone = false;
    const health = (async () => {
      while (!heavyDone) {
        const answer = await get('/api/health');
        expect(answer.statusCode).toBe(200);
        healthy += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const cuts = Promise.all(
      clients.map((client, index) =>
        publishAndAwaitAcks(client, machines[index]!, cutEvents(200), { batch: 20, timeoutMs: 120_000 }),
      ),
    );
    const [exported, reports, files, knifeList, pdf, checkBackup] = await Promise.all([
      get('/api/tenant/export', admin),
      Promise.all(sections.map((section) => get(`/api/report/reports/${section}?${period}`))),
      Promise.all(csvs.map((csv) => get(`/api/report/reports/${csv}/csv-exports?${period}&lang=GERMAN`))),
      get('/api/knife/knives/csv-export?lang=GERMAN'),
      invoices[0] ? get(`/api/knife/invoices/${invoices[0].id}/pdf`, admin) : Promise.resolve(null),
      backUp(sysadmin, tenantId, knives),
    ]);
    const acks = await cuts;
    heavyDone = true;
    await health;
    for (const client of clients) await client.endAsync();

    expect(healthy).toBeGreaterThan(0);
    expect(acks.map((machineAcks) => machineAcks.length > 0)).toEqual(clients.map(() => true));
    expect(exported.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(exported.rawPayload));
    const manifest = JSON.parse(strFromU8(zip['manifest.json']!)) as { rows: Record<string, number> };
    for (const [table, count] of Object.entries(manifest.rows))
      expect((JSON.parse(strFromU8(zip[`${table}.json`]!)) as unknown[]).length, table).toBe(count);
    for (const [index, report] of reports.entries()) {
      expect(report.statusCode, sections[index]).toBe(200);
      expect(() => report.json(), sections[index]).not.toThrow();
    }
    for (const [index, file] of [...files, knifeList].entries()) {
      expect(file.statusCode, csvs[index] ?? 'knives').toBe(200);
      expect(file.body.endsWith('\r\n'), csvs[index] ?? 'knives').toBe(true);
    }
    if (pdf) {
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    await checkBackup();
  });
});
