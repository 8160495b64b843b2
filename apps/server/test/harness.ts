import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Role, TenantKind, TokenPair } from '@kerf/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, parseConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { DEMO_PASSWORD, SYSTEM_ACTOR, seedDemo } from '../src/demo/index';
import { insertTenant, insertUser } from '../src/modules/auth/index';
import { databaseUrl, TEST_DATABASE_PREFIX } from './global-setup';

export { DEMO_PASSWORD };

/**
 * A fresh database copied from the run's migrated template. `dataDir`: PGlite keeps it in that
 * directory, as `npm start` does, so the server's own backup job (`DatabaseHandle.copyTo`) runs.
 */
export async function openTestDatabase(
  options: { dataDir?: string } = {},
): Promise<DatabaseHandle & { url?: string }> {
  const source = inject('database');
  if (source.kind === 'pglite') {
    const dump = await readFile(source.templateFile);
    if (options.dataDir)
      return openDatabase({
        kind: 'pglite',
        dataDir: options.dataDir,
        load: new Uint8Array(dump),
        thread: process.env.KERF_PGLITE_THREAD === 'worker' ? 'worker' : 'main',
      });
    // KERF_PGLITE_THREAD=worker: PGlite in its worker thread, as `npm start` runs it (ADR 0022)
    if (process.env.KERF_PGLITE_THREAD === 'worker')
      return openDatabase({ kind: 'pglite', dataDir: 'memory://', load: new Uint8Array(dump) });
    const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
    return openDatabase({ kind: 'pglite', client });
  }
  const name = `${TEST_DATABASE_PREFIX}${randomBytes(4).toString('hex')}_${source.template.slice(-8)}`;
  const admin = new pg.Client({ connectionString: source.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${source.template}`);
  await admin.end();
  const url = databaseUrl(source.url, name);
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: source.url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  /** `url`: the test database on PostgreSQL */
  database: DatabaseHandle & { url?: string };
  config: Config;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** signs in and returns the token pair; throws when the answer is not 200 */
  login(tenant: string, username: string, password?: string, ip?: string): Promise<TokenPair>;
  /** adds a tenant with one user per given role (username = role in lower case, password DEMO_PASSWORD) */
  addTenant(
    slug: string,
    kind: TenantKind,
    roles: Role[],
  ): Promise<{ tenantId: string; userIds: Record<string, string> }>;
  /** adds users to an existing tenant (password DEMO_PASSWORD); answers their ids by username */
  addUsers(tenantId: string, users: { username: string; role: Role }[]): Promise<Record<string, string>>;
  close(): Promise<void>;
}

let addressCounter = 0;
/** A distinct client address per call, so the per-address login limit does not tie tests together. */
export function nextAddress() {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** `onDisk`: PGlite keeps its data in the app's data directory (its embedded backup job runs). */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { onDisk?: boolean } = {},
): Promise<TestApp> {
  const dataDir = join(tmpdir(), `kerf-test-${randomBytes(4).toString('hex')}`);
  const database = await openTestDatabase(options.onDisk ? { dataDir: join(dataDir, 'pg') } : {});
  const config = parseConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    MQTT_PORT: '0',
    LOG_LEVEL: 'silent',
    DEMO: '1',
    // background webhook deliveries would change rows while a test compares them; tests run the job
    WEBHOOK_INTERVAL_MS: '3600000',
    NOTIFICATIONS_INTERVAL_MS: '3600000',
    REPORT_MAILS_INTERVAL_MS: '3600000',
    ...env,
  });
  const app = await buildApp(config, { database });
  await seedDemo(app.kerf);
  const request = (options: InjectOptions) => app.inject(options);
  const testApp: TestApp = {
    app,
    database,
    config,
    request,
    async login(tenant, username, password = DEMO_PASSWORD, ip = nextAddress()) {
      const response = await request({
        method: 'POST',
        url: '/api/auth/auth/login',
        payload: { tenant, username, password },
        remoteAddress: ip,
      });
      if (response.statusCode !== 200)
        throw new Error(`login ${tenant}/${username}: ${response.statusCode} ${response.body}`);
      return response.json() as TokenPair;
    },
    async addTenant(slug, kind, roles) {
      const tenant = await app.kerf.transactions.withPlatform(
        { actor: SYSTEM_ACTOR, action: 'test.tenant' },
        (tx) => insertTenant(tx, { slug, name: `Tenant ${slug}`, kind }),
      );
      const byUsername = await testApp.addUsers(
        tenant.id,
        roles.map((role) => ({ username: role.toLowerCase().replaceAll('_', '-'), role })),
      );
      const userIds: Record<string, string> = {};
      for (const role of roles) userIds[role] = byUsername[role.toLowerCase().replaceAll('_', '-')]!;
      return { tenantId: tenant.id, userIds };
    },
    async addUsers(tenantId, users) {
      const { transactions, hasher } = app.kerf;
      const passwordHash = await hasher.hash(DEMO_PASSWORD);
      const ids: Record<string, string> = {};
      await transactions.withTenant(tenantId, async (tx) => {
        for (const { username, role } of users) {
          const row = await insertUser(tx, tenantId, {
            username,
            passwordHash,
            email: null,
            firstName: 'Test',
            lastName: role,
            displayName: null,
            personnelNumber: null,
            role,
            language: 'ENGLISH',
            active: true,
          });
          ids[username] = row.id;
        }
      });
      return ids;
    },
    async close() {
      await app.close();
      await database.close();
      if (options.onDisk) await rm(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

export const bearer = (tokens: Pick<TokenPair, 'bearerToken'>) => ({
  authorization: `Bearer ${tokens.bearerToken}`,
});
