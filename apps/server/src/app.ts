import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import {
  type DatabaseHandle,
  openDatabase,
  openReadReplica,
  primaryReadSource,
  queryRows,
} from './db/client';
import { createTransactions, type Transactions } from './db/transactions';
import { DEMO_TENANTS } from './demo/index';
import {
  type IngestStats,
  POSTGRES_INGEST_LANES,
  POSTGRES_TENANT_WRITERS_PER_LANE,
  startTelemetryIngest,
} from './ingest/index';
import { createEventLoopMonitor } from './lib/event-loop';
import { createPasswordHasher, type PasswordHasher } from './lib/password-hasher';
import { createScheduler, type Scheduler } from './lib/scheduler';
import { type MachineChangeSink, registerLiveGateway, startLiveBus } from './live/index';
import {
  createAuthentication,
  findTenantById,
  isTenantActive,
  registerAuthModule,
} from './modules/auth/index';
import {
  createBoardLinks,
  createBoardMachineCheck,
  registerBoardModule,
  withBoardLinks,
} from './modules/board/index';
import { registerCustomerServiceModule } from './modules/customer-service/index';
import { registerGrindingShopModule } from './modules/grinding-shop/index';
import {
  createIntegrations,
  type Integrations,
  registerIntegrationsModule,
  withApiKeys,
} from './modules/integrations/index';
import { registerKnifeModule } from './modules/knife/index';
import { registerLogisticsModule } from './modules/logistics/index';
import {
  createMachineBrokerAccess,
  createMachineCredentialsService,
  createMachineViews,
  type MachineCredentialsService,
  registerMachinesModule,
} from './modules/machines/index';
import { createMailSender } from './modules/mail/index';
import { type Notifications, registerNotificationsModule } from './modules/notifications/index';
import { registerPlatformModule, registerSystemAdminModule } from './modules/platform/index';
import { registerPrintingShopModule } from './modules/printing-shop/index';
import { createCaptcha, registerRegistrationModule } from './modules/registration/index';
import { registerReportModule } from './modules/report/index';
import { registerMqttWebSocket, registerSetupModule } from './modules/setup/index';
import { createTelemetryService, type TelemetryService } from './modules/telemetry/index';
import { embeddedBackupJob } from './ops/backup-job';
import { checkBrokerAcl } from './plugins/broker-acl';
import { type Bus, startBus } from './plugins/bus';
import { registerErrorHandling } from './plugins/errors';
import { registerMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { serverOptions } from './plugins/server-options';
import { loadBrokerCertificate } from './plugins/tls-certificate';
import { registerWebStatic } from './plugins/web-static';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const { version: VERSION } = JSON.parse(
  readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8'),
) as { version: string };

/** What the running app is made of; tests and the demo seed reach the same parts. */
interface Kerf {
  config: Config;
  database: DatabaseHandle;
  transactions: Transactions;
  hasher: PasswordHasher;
  bus: Bus;
  /** machine telemetry (issue 4): the write path, agent credentials, ingest counters */
  telemetry: TelemetryService;
  machineCredentials: MachineCredentialsService;
  ingestStats: () => IngestStats;
  /** background jobs (lib/scheduler.ts): modules register theirs; timers start once the server listens */
  scheduler: Scheduler;
  /** API keys and webhooks (issue 18): the webhook job's run, for tests that set the clock */
  integrations: Integrations;
  /** notifications and scheduled report e-mails (issue 18): their jobs' runs, for tests that set the clock */
  notifications: Notifications;
}

declare module 'fastify' {
  interface FastifyInstance {
    kerf: Kerf;
  }
}

export interface BuildOptions {
  /** an already opened database (tests); otherwise one is opened from the config */
  database?: DatabaseHandle;
}

/** Start-up with PostgreSQL down: one warning at once, then one every 10 s while it stays down. */
function waitingForDatabase(app: FastifyInstance) {
  let lastLog = Number.NEGATIVE_INFINITY;
  return (error: Error, waitedMs: number) => {
    if (waitedMs - lastLog < 10_000) return;
    lastLog = waitedMs;
    app.log.warn({ err: error, waitedSeconds: Math.round(waitedMs / 1000) }, 'waiting for PostgreSQL');
  };
}

/**
 * PostgreSQL without autovacuum never refreshes the statistics the planner reads: a table filled
 * after the last ANALYZE is planned as if it were empty, and hot reads turn into scans. Said once
 * at start, for the operator (docs/operations/scale-out.md).
 */
async function warnWithoutAutovacuum(app: FastifyInstance, database: DatabaseHandle) {
  if (database.kind !== 'postgres') return;
  const [row] = await queryRows<{ setting: string }>(
    database.db,
    sql`SELECT setting FROM pg_settings WHERE name = 'autovacuum'`,
  ).catch(() => []); // a hint for the operator, never a reason not to start
  if (row?.setting === 'off')
    app.log.warn(
      'PostgreSQL runs without autovacuum: table statistics go stale and queries slow down; switch it on or run ANALYZE regularly',
    );
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(config));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, onWaiting: waitingForDatabase(app) }
        : { kind: 'pglite', dataDir: join(config.dataDir, 'pg') },
    ));
  const transactions = createTransactions(database.db, config.statementBudgets);
  // reports, their CSVs and the tenant export read from a replica when DATABASE_READ_URL names one
  const readSource = config.databaseReadUrl
    ? openReadReplica(config.databaseReadUrl)
    : primaryReadSource(database);
  const reads = {
    source: readSource,
    transactions:
      readSource.kind === 'REPLICA'
        ? createTransactions(readSource.db, config.statementBudgets)
        : transactions,
  };
  app.addHook('onClose', () => readSource.close());
  const hasher = await createPasswordHasher();
  const machineCredentials = createMachineCredentialsService({ transactions });
  // MQTT over TLS (8883 in production) when MQTT_TLS_PORT is set, embedded broker only.
  const certificate =
    config.mqttTlsPort !== undefined && !config.mqttUrl
      ? loadBrokerCertificate({
          certFile: config.mqttTlsCert,
          keyFile: config.mqttTlsKey,
          dataDir: config.dataDir,
          host: config.publicUrl.hostname,
        })
      : null;
  const bus = await startBus({
    mqttUrl: config.mqttUrl,
    port: config.mqttPort,
    host: config.host,
    log: app.log,
    access: createMachineBrokerAccess(machineCredentials),
    tls:
      certificate && config.mqttTlsPort !== undefined ? { port: config.mqttTlsPort, certificate } : undefined,
  });
  // An external broker's ACL is all that keeps strangers from publishing as machines (issue 31).
  if (config.mqttUrl) {
    try {
      await checkBrokerAcl({
        brokerUrl: config.mqttUrl,
        client: bus.client,
        require: config.mqttRequireAcl,
        log: app.log,
      });
    } catch (error) {
      await bus.close();
      if (!options.database) await database.close();
      throw error;
    }
  }
  const liveBus = startLiveBus({ bus, log: app.log });
  const integrations = createIntegrations({
    transactions,
    log: app.log,
    webhooks: {
      allowPrivateTargets: config.webhookAllowPrivateTargets,
      retryBaseMs: config.webhookRetryBaseMs,
    },
  });
  // What a commit changed of a machine goes to the live screens as the machine's view, built once
  // (modules/machines machine-view.ts), and to the tenants' webhooks (ADR 0020).
  const machineViews = createMachineViews({ transactions, live: liveBus.publisher, log: app.log });
  const machineChanges: MachineChangeSink = {
    committed(tenantId, changes) {
      machineViews.committed(tenantId, changes);
      integrations.webhooks.observe(tenantId, changes);
    },
  };
  const telemetry = createTelemetryService({ transactions, changes: machineChanges });
  const ingest = startTelemetryIngest({
    bus,
    telemetry,
    log: app.log,
    shared: config.mqttUrl !== undefined,
    shareGroup: config.mqttShareGroup,
    concurrency: database.kind === 'postgres' ? POSTGRES_INGEST_LANES : 1,
    tenantWriters: database.kind === 'postgres' ? POSTGRES_TENANT_WRITERS_PER_LANE : 1,
    tenantActive: (tenantId) => transactions.withSignIn((tx) => isTenantActive(tx, tenantId)),
  });
  const scheduler = createScheduler({ database, log: app.log });
  if (database.copyTo && config.backup.intervalHours > 0)
    scheduler.register(
      embeddedBackupJob({
        copyTo: database.copyTo,
        directory: join(config.dataDir, 'backups'),
        keep: config.backup.keep,
        everyMs: config.backup.intervalHours * 3_600_000,
      }),
    );
  app.decorate('kerf', {
    config,
    database,
    transactions,
    hasher,
    bus,
    telemetry,
    machineCredentials,
    ingestStats: ingest.stats,
    scheduler,
    integrations,
  } as Kerf);
  app.addHook('onReady', async () => {
    scheduler.start();
    await warnWithoutAutovacuum(app, database);
  });
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await ingest.stop();
    // the views of the last commits go out before the bus and the database close
    await machineViews.close();
    liveBus.close();
    await bus.close();
    if (!options.database) await database.close();
  });

  registerErrorHandling(app);
  const eventLoop = createEventLoopMonitor();
  app.addHook('onClose', async () => eventLoop.stop());
  const metrics = registerMetrics(app, {
    database,
    eventLoop,
    ingestStats: ingest.stats,
    scheduler,
    liveSockets: () =>
      (app as unknown as { websocketServer?: { clients: Set<unknown> } }).websocketServer?.clients.size ?? 0,
  });
  await registerSecurityHeaders(app);
  if (config.corsOrigins.length > 0) {
    await app.register(cors, { origin: config.corsOrigins, credentials: false });
  }
  await app.register(rateLimit, { global: false });
  // API answers of 1 KB and more (lists, documents) travel compressed; brotli at quality 4 costs little
  // CPU. Built assets are precompressed at build time (plugins/web-static.ts), so nothing is done twice.
  // Nothing sends compressed request bodies, so the decompression hook (one per request) is not installed.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });

  await registerOpenApi(app);

  // The website's proof of work; a solved one also lets a sign-in past a stranger's lock (issue 31).
  const captcha = createCaptcha({
    secret: config.jwtSecret,
    maxCounter: config.captchaMaxCounter,
    transactions,
  });

  // Modules, in one explicit list (the order is the order of the OpenAPI document).
  const {
    auth,
    authenticator: sessionAuthenticator,
    sessions,
  } = await createAuthentication({
    config,
    transactions,
    hasher,
    log: app.log,
    bus,
    captcha,
  });
  app.addHook('onClose', async () => sessions?.close());
  // Shop-floor boards (issue 36): a revoked link ends its live sockets on every instance, as a logout does.
  const boardLinks = createBoardLinks({
    transactions,
    endSessions: sessions ? (change) => sessions.invalidate(change) : undefined,
  });
  // Integration clients (ERP, BDE, CRM) call the same routes with an API key, limited by its scopes;
  // a board link's secret reads its location's board and nothing else.
  const authenticator = withBoardLinks(withApiKeys(sessionAuthenticator, integrations.apiKeys), boardLinks);
  registerPlatformModule(app, { authenticator, database, bus });
  registerAuthModule(app, { authenticator, auth, transactions, hasher, sessions });
  registerPrintingShopModule(app, { authenticator, transactions, changes: machineChanges });
  registerIntegrationsModule(app, {
    authenticator,
    integrations,
    scheduler,
    intervalMs: config.webhookIntervalMs,
  });
  const { machineStatus } = registerMachinesModule(app, {
    authenticator,
    transactions,
    telemetry,
    credentials: machineCredentials,
    demo: config.demo,
    // only the seeded demo tenants get simulator agents, never a tenant registered in demo mode
    isDemoTenant: async (tenantId) => {
      const tenant = await transactions.withTenant(tenantId, (tx) => findTenantById(tx, tenantId));
      return tenant !== null && DEMO_TENANTS.some((demo) => demo.slug === tenant.slug);
    },
    brokerPort: () => bus.brokerPort,
    views: machineViews,
  });
  registerKnifeModule(app, { authenticator, transactions });
  registerLogisticsModule(app, { authenticator, transactions });
  registerSetupModule(app, {
    authenticator,
    transactions,
    live: liveBus.publisher,
    bus,
    authenticateMachine: machineCredentials.authenticate,
    onCredentialRefused: machineCredentials.onRefused,
    facts: {
      version: VERSION,
      publicUrl: config.publicUrl,
      gateManager: config.gateManager,
      database: database.kind,
      broker: () => ({
        embedded: bus.handle !== null,
        mqttPort: bus.brokerPort,
        tlsPort: bus.tlsPort,
        connected: bus.isConnected(),
      }),
      certificate,
    },
  });
  registerCustomerServiceModule(app, { authenticator, transactions, hasher });
  registerGrindingShopModule(app, { authenticator, transactions, hasher });
  registerReportModule(app, { authenticator, transactions, reads, changes: machineChanges });
  registerBoardModule(app, {
    authenticator,
    transactions,
    links: boardLinks,
    readViews: (tenantId, machineIds) => machineViews.read(tenantId, machineIds),
  });
  const mail = createMailSender({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    transactions,
    log: app.log,
  });
  /** Sends what the mail outbox holds, without waiting for it; a failure is logged. */
  const deliverMail = () => {
    void mail.deliverPending().catch((error) => app.log.warn({ err: error }, 'mail delivery failed'));
  };
  registerRegistrationModule(app, {
    authenticator,
    transactions,
    hasher,
    config,
    captcha,
    deliverMail,
  });
  app.kerf.notifications = registerNotificationsModule(app, {
    authenticator,
    transactions,
    live: liveBus.publisher,
    scheduler,
    log: app.log,
    deliverMail,
    notificationsIntervalMs: config.notificationsIntervalMs,
    reportMailsIntervalMs: config.reportMailsIntervalMs,
  });
  registerSystemAdminModule(app, {
    authenticator,
    transactions,
    reads,
    hasher,
    sessions,
    disconnectTenantMachines: (tenantId) => {
      ingest.forgetTenant(tenantId);
      return bus.disconnectTenantMachines(tenantId);
    },
    scheduler,
    ingestStats: ingest.stats,
    brokerConnected: () => bus.isConnected(),
    eventLoop,
    deliverMail,
    retention: config.retention,
    metrics,
    metricsToken: config.metricsToken,
  });
  await registerLiveGateway(app, {
    live: liveBus,
    authenticate: (authorization, ip) => auth.authenticate(authorization, ip),
    machineExists: machineStatus.exists,
    lastLiveEvent: machineStatus.lastLiveEvent,
    allowedOrigins: config.corsOrigins,
    // a logout or revocation on any instance ends its sockets here too (issue 31)
    onSessionChange: sessions ? (listener) => sessions.onEnded(listener) : undefined,
    board: {
      authenticate: (secret, ip) => boardLinks.authenticate(secret, ip),
      hasMachine: createBoardMachineCheck(transactions),
    },
  });
  registerMqttWebSocket(app, bus);

  await registerWebStatic(app, { root: config.webDist ?? join(REPO_ROOT, 'apps/web/dist') });
  return app;
}
