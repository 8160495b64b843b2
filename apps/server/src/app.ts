import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { createTransactions, type Transactions } from './db/transactions';
import { type IngestStats, startTelemetryIngest } from './ingest/index';
import { messageOf } from './lib/app-error';
import { createPasswordHasher, type PasswordHasher } from './lib/password-hasher';
import type { Authenticator } from './lib/route';
import { registerLiveGateway, startLiveBus } from './live/index';
import {
  createAccessTokens,
  createAuthService,
  createLoginThrottle,
  createTenantsService,
  createUsersService,
  registerAuthRoutes,
} from './modules/auth/index';
import {
  createMachineBrokerAccess,
  createMachineCredentialsService,
  createMachineStatusService,
  type MachineCredentialsService,
  registerMachineCredentialRoutes,
  registerMachineStatusRoutes,
} from './modules/machines/index';
import { registerPlatformRoutes } from './modules/platform/platform.routes';
import { createPrintingShopService, registerPrintingShopRoutes } from './modules/printing-shop/index';
import { createTelemetryService, type TelemetryService } from './modules/telemetry/index';
import { type Bus, startBus } from './plugins/bus';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebStatic } from './plugins/web-static';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** What the running app is made of; tests and the demo seed reach the same parts. */
export interface Kerf {
  config: Config;
  database: DatabaseHandle;
  transactions: Transactions;
  hasher: PasswordHasher;
  bus: Bus;
  /** machine telemetry (issue 4): the write path, agent credentials, ingest counters */
  telemetry: TelemetryService;
  machineCredentials: MachineCredentialsService;
  ingestStats: () => IngestStats;
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

async function jwtSecretFor(config: Config): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  // Embedded demo mode only (config refuses a missing secret otherwise): one secret per data directory.
  const file = join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(config.dataDir, { recursive: true });
  const secret = randomUUID() + randomUUID();
  await writeFile(file, secret, { mode: 0o600 });
  await chmod(file, 0o600);
  return secret;
}

const REDACTED_PATH = /(\/auth\/sessions\/)[^/?]+/;

/**
 * One line per request, at debug: at info the log says what happens, not every GET. Errors keep
 * Fastify's own lines and levels.
 */
class QuietRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.password',
          '*.refreshToken',
          '*.bearerToken',
        ],
        censor: '[redacted]',
      },
      serializers: {
        // The spec puts the refresh token in the logout path; it never reaches a log.
        req: (request) => ({
          method: request.method,
          url: request.url.replace(REDACTED_PATH, '$1[redacted]'),
          remoteAddress: request.ip,
        }),
      },
      // On a terminal: readable lines (pino-pretty in a worker thread); otherwise structured JSON.
      ...(config.logFormat === 'pretty'
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
            },
          }
        : {}),
    },
    logController: new QuietRequestLog(),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 600 },
    // A path that cannot be decoded never reaches a route; it is still answered from the catalogue.
    frameworkErrors: (_error, _request, reply: FastifyReply) =>
      reply.code(400).send({
        code: 'validation.INVALID_INPUT',
        message: messageOf('validation.INVALID_INPUT'),
        details: { fields: [{ field: 'path', in: 'params', code: 'INVALID_FORMAT' }] },
      }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dataDir: join(config.dataDir, 'pg') },
    ));
  const transactions = createTransactions(database.db);
  const hasher = await createPasswordHasher();
  const machineCredentials = createMachineCredentialsService({ transactions });
  const bus = await startBus({
    mqttUrl: config.mqttUrl,
    port: config.mqttPort,
    host: config.host,
    log: app.log,
    access: createMachineBrokerAccess(machineCredentials),
  });
  const liveBus = startLiveBus({ bus, log: app.log });
  const telemetry = createTelemetryService({ transactions, live: liveBus.publisher });
  const ingest = startTelemetryIngest({
    bus,
    telemetry,
    log: app.log,
    shared: config.mqttUrl !== undefined,
    concurrency: database.kind === 'postgres' ? 2 : 1,
  });
  app.decorate('kerf', {
    config,
    database,
    transactions,
    hasher,
    bus,
    telemetry,
    machineCredentials,
    ingestStats: ingest.stats,
  });
  app.addHook('onClose', async () => {
    await ingest.stop();
    liveBus.close();
    await bus.close();
    if (!options.database) await database.close();
  });

  registerErrorHandling(app);
  await registerSecurityHeaders(app, helmet);
  if (config.corsOrigins.length > 0) {
    await app.register(cors, { origin: config.corsOrigins, credentials: false });
  }
  await app.register(rateLimit, { global: false });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kerf API',
        version: '1',
        description: 'Errors are `{code, message, details}` with the catalogue codes of @kerf/contracts.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const accessTokens = createAccessTokens(await jwtSecretFor(config), config.accessTokenTtl);
  const auth = createAuthService({
    transactions,
    hasher,
    accessTokens,
    throttle: createLoginThrottle(transactions, {
      ipLimit: config.loginIpLimit,
      ipWindowSeconds: config.loginIpWindow,
    }),
    policy: {
      refreshIdleTtl: config.refreshIdleTtl,
      sessionMaxAge: config.sessionMaxAge,
      refreshReuseGrace: config.refreshReuseGrace,
    },
    log: app.log,
  });
  const authenticator: Authenticator = {
    authenticate: (request) => auth.authenticate(request.headers.authorization, request.ip),
  };

  // Modules, in one explicit list.
  registerPlatformRoutes(app, { authenticator, database, bus });
  registerAuthRoutes(app, {
    authenticator,
    auth,
    users: createUsersService({ transactions, hasher }),
    tenants: createTenantsService({ transactions }),
    refreshRateLimit: { max: 150, timeWindow: 5 * 60 * 1000 },
  });
  registerPrintingShopRoutes(app, {
    authenticator,
    printingShops: createPrintingShopService({ transactions }),
  });
  const machineStatus = createMachineStatusService({ transactions, telemetry });
  registerMachineStatusRoutes(app, { authenticator, machineStatus });
  registerMachineCredentialRoutes(app, {
    authenticator,
    credentials: machineCredentials,
    transactions,
    demo: config.demo,
    brokerPort: () => bus.brokerPort,
  });
  await registerLiveGateway(app, {
    live: liveBus,
    authenticate: (authorization, ip) => auth.authenticate(authorization, ip),
    machineExists: machineStatus.exists,
    lastLiveEvent: machineStatus.lastLiveEvent,
    allowedOrigins: config.corsOrigins,
  });

  await registerWebStatic(app, { root: config.webDist ?? join(REPO_ROOT, 'apps/web/dist') });
  return app;
}
