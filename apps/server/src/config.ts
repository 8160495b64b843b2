import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));
const port = z.coerce.number().int().min(0).max(65535);
const seconds = z.coerce.number().int().positive();

/**
 * Every environment variable Kerf reads, with its default. Parsed once at start-up; nothing else
 * reads `process.env`. README "Configuration" lists the same table.
 */
const EnvSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** a streaming replica that reports, report CSVs and the tenant export read from (issue 35) */
  DATABASE_READ_URL: z.string().url().optional(),
  MQTT_URL: z.string().url().optional(),
  MQTT_REQUIRE_ACL: flag.default(false),
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .default('kerf-ingest'),
  MQTT_PORT: port.default(18830),
  MQTT_TLS_PORT: port.optional(),
  MQTT_TLS_CERT: z.string().optional(),
  MQTT_TLS_KEY: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  GATE_MANAGER: z
    .string()
    .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'host:port')
    .optional(),
  SMTP_URL: z.string().url().optional(),
  DEMO: flag.optional(),
  DEMO_HISTORY_DAYS: z.coerce.number().int().min(0).max(366).default(90),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL: seconds.default(900),
  REFRESH_IDLE_TTL: seconds.default(7200),
  SESSION_MAX_AGE: seconds.default(43200),
  REFRESH_REUSE_GRACE: z.coerce.number().int().min(0).default(10),
  LOGIN_IP_LIMIT: z.coerce.number().int().positive().default(100),
  LOGIN_IP_WINDOW: seconds.default(300),
  /**
   * `1`/`0`, or the reverse proxies to trust, as addresses or CIDR ranges (`10.0.0.5,10.1.0.0/16`):
   * the client address is then the one the nearest untrusted hop forwarded, so a client cannot
   * name an address of its choosing by sending X-Forwarded-For itself.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      const text = value.trim().toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(text)) return true;
      if (['0', 'false', 'no', 'off', ''].includes(text)) return false;
      const list = text.split(',').map((part) => part.trim());
      if (list.every((part) => /^[0-9a-f:.]+(\/\d{1,3})?$/.test(part))) return list;
      ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY: 1, 0, or proxy addresses / CIDR ranges' });
      return z.NEVER;
    }),
  CORS_ORIGINS: z.string().default(''),
  BODY_LIMIT: z.coerce.number().int().positive().default(1_048_576),
  REQUEST_TIMEOUT: z.coerce.number().int().min(1).max(600).default(30),
  WEB_DIST: z.string().optional(),
  MAIL_FROM: z.string().default('Kerf <noreply@kerf.example>'),
  SALES_EMAIL: z.string().default('sales@kerf.example'),
  SUPPORT_PHONE: z.string().default('+49 40 6094 4100'),
  SUPPORT_EMAIL: z.string().default('support@kerf.example'),
  INSTALLATION_FEE_EUR: z.coerce.number().int().min(0).max(10_000_000).default(49_000),
  INSTALLATION_FEE_CHF: z.coerce.number().int().min(0).max(10_000_000).default(47_000),
  INSTALLATION_FEE_GBP: z.coerce.number().int().min(0).max(10_000_000).default(42_000),
  CAPTCHA_MAX_COUNTER: z.coerce.number().int().min(10).max(10_000_000).default(40_000),
  PUBLIC_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: flag.default(false),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
  WEBHOOK_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  NOTIFICATIONS_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  REPORT_MAILS_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(300_000),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(30).default(30),
  MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  SESSION_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  RETENTION_INTERVAL: seconds.default(3600),
  /** embedded mode: hours between backups of the database into DATA_DIR/backups (0: none) */
  BACKUP_INTERVAL_HOURS: z.coerce.number().min(0).max(8760).default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(3),
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  HEAVY_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(86_400_000).default(600_000),
  METRICS_TOKEN: z.string().min(16).optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** a streaming replica of the primary that reports read from (issue 35) */
  databaseReadUrl: string | undefined;
  mqttUrl: string | undefined;
  /** with MQTT_URL: refuse to start when the broker lets anonymous clients publish telemetry */
  mqttRequireAcl: boolean;
  /** external broker: the group of the shared telemetry subscription, one per deployment on the broker */
  mqttShareGroup: string;
  mqttPort: number;
  /** embedded broker: MQTT over TLS on this port (0: any free port); undefined: no TLS listener */
  mqttTlsPort: number | undefined;
  /** PEM files of the TLS listener; without them a development certificate is generated */
  mqttTlsCert: string | undefined;
  mqttTlsKey: string | undefined;
  /** the address machines and browsers reach Kerf at (https://kerf.example.com in production) */
  publicUrl: URL;
  /** the gate manager of remote service; defaults to the public address */
  gateManager: { host: string; port: number };
  smtpUrl: string | undefined;
  demo: boolean;
  /** demo mode: days of machine history written on first start (0: none) */
  demoHistoryDays: number;
  logLevel: string;
  /** `pretty`: human-readable lines (default on a terminal); `json`: one JSON object a line */
  logFormat: 'json' | 'pretty';
  /** undefined only in embedded demo mode, where a secret is generated and kept in DATA_DIR */
  jwtSecret: string | undefined;
  accessTokenTtl: number;
  refreshIdleTtl: number;
  sessionMaxAge: number;
  refreshReuseGrace: number;
  loginIpLimit: number;
  loginIpWindow: number;
  /** true: trust every proxy hop; a list: only these proxy addresses / ranges */
  trustProxy: boolean | string[];
  corsOrigins: string[];
  bodyLimit: number;
  /** seconds a request's headers and body may take to arrive (a slow sender gets 408) */
  requestTimeout: number;
  webDist: string | undefined;
  /** website: sender of outgoing mail, the sales inbox for contact requests, the support contact */
  mailFrom: string;
  salesEmail: string;
  supportPhone: string;
  supportEmail: string;
  /** one-time installation fee per machine, net cents, per invoicing currency */
  installationFeeCents: { EUR: number; CHF: number; GBP: number };
  /** proof-of-work size of the website's captcha (the browser tries up to this many hashes) */
  captchaMaxCounter: number;
  /** requests per minute and client address on each public website call (registration: a tenth) */
  publicRateLimit: number;
  /** webhooks may target loopback and private addresses (tests, a receiver on the same network) */
  webhookAllowPrivateTargets: boolean;
  /** first retry delay of a failed webhook delivery; each further one doubles it (at most 6 h) */
  webhookRetryBaseMs: number;
  /** how often the webhook job batches cuts and sends due deliveries */
  webhookIntervalMs: number;
  /** how often the notification job looks for knives due for a swap, machines offline, long interruptions */
  notificationsIntervalMs: number;
  /** how often the report-mail job looks for scheduled report e-mails that are due (06:00 local) */
  reportMailsIntervalMs: number;
  /**
   * Statement timeouts (lib/budget.ts): interactive requests, and heavy work (downloads, reports,
   * background jobs). A statement that runs over is cancelled and answered `common.TIMEOUT`.
   */
  statementBudgets: { interactiveMs: number; heavyMs: number };
  /**
   * Log retention (product.md §9: deleted after 30 days at most): audit entries, login throttles and spent
   * captchas older than `auditDays`, delivered or given-up outbox mail older than `mailDays`, checked
   * every `intervalSeconds`; sessions (with their refresh tokens) that ended — expired or revoked —
   * more than `sessionDays` ago.
   */
  retention: { auditDays: number; mailDays: number; sessionDays: number; intervalSeconds: number };
  /** embedded mode's own backups (ops/backup-job.ts); `intervalHours` 0 turns them off */
  backup: { intervalHours: number; keep: number };
  /** bearer token a Prometheus scraper sends to `/api/metrics`; without it only system admins read them */
  metricsToken: string | undefined;
}

export class ConfigError extends Error {}

/**
 * `terminal`: whether standard output is a terminal (the process's own business, not the
 * environment's); it only picks the default LOG_FORMAT.
 */
export function parseConfig(env: Record<string, string | undefined>, terminal = false): Config {
  const defined = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = EnvSchema.safeParse(defined);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  const embedded = e.DATABASE_URL === undefined;
  const demo = e.DEMO ?? embedded;
  if (!embedded && !demo && e.JWT_SECRET === undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: required with DATABASE_URL (32+ characters)',
    );
  }
  if (embedded && e.DATABASE_READ_URL !== undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_READ_URL: needs DATABASE_URL (a replica of it)',
    );
  }
  if ((e.MQTT_TLS_CERT === undefined) !== (e.MQTT_TLS_KEY === undefined)) {
    throw new ConfigError('Invalid configuration:\n  MQTT_TLS_CERT, MQTT_TLS_KEY: set both or neither');
  }
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  const publicPort = Number(publicUrl.port || (publicUrl.protocol === 'https:' ? 443 : 80));
  const [gateHost, gatePort] = e.GATE_MANAGER?.split(':') ?? [publicUrl.hostname, String(publicPort)];
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    mqttUrl: e.MQTT_URL,
    mqttRequireAcl: e.MQTT_REQUIRE_ACL,
    mqttShareGroup: e.MQTT_SHARE_GROUP,
    mqttPort: e.MQTT_PORT,
    mqttTlsPort: e.MQTT_TLS_PORT,
    mqttTlsCert: e.MQTT_TLS_CERT,
    mqttTlsKey: e.MQTT_TLS_KEY,
    publicUrl,
    gateManager: { host: gateHost!, port: Number(gatePort) },
    smtpUrl: e.SMTP_URL,
    demo,
    demoHistoryDays: e.DEMO_HISTORY_DAYS,
    statementBudgets: { interactiveMs: e.STATEMENT_TIMEOUT_MS, heavyMs: e.HEAVY_STATEMENT_TIMEOUT_MS },
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (terminal ? 'pretty' : 'json'),
    jwtSecret: e.JWT_SECRET,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshIdleTtl: e.REFRESH_IDLE_TTL,
    sessionMaxAge: e.SESSION_MAX_AGE,
    refreshReuseGrace: e.REFRESH_REUSE_GRACE,
    loginIpLimit: e.LOGIN_IP_LIMIT,
    loginIpWindow: e.LOGIN_IP_WINDOW,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    bodyLimit: e.BODY_LIMIT,
    requestTimeout: e.REQUEST_TIMEOUT,
    webDist: e.WEB_DIST,
    mailFrom: e.MAIL_FROM,
    salesEmail: e.SALES_EMAIL,
    supportPhone: e.SUPPORT_PHONE,
    supportEmail: e.SUPPORT_EMAIL,
    installationFeeCents: {
      EUR: e.INSTALLATION_FEE_EUR,
      CHF: e.INSTALLATION_FEE_CHF,
      GBP: e.INSTALLATION_FEE_GBP,
    },
    captchaMaxCounter: e.CAPTCHA_MAX_COUNTER,
    publicRateLimit: e.PUBLIC_RATE_LIMIT,
    webhookAllowPrivateTargets: e.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    webhookRetryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
    webhookIntervalMs: e.WEBHOOK_INTERVAL_MS,
    notificationsIntervalMs: e.NOTIFICATIONS_INTERVAL_MS,
    reportMailsIntervalMs: e.REPORT_MAILS_INTERVAL_MS,
    retention: {
      auditDays: e.AUDIT_RETENTION_DAYS,
      mailDays: e.MAIL_RETENTION_DAYS,
      sessionDays: e.SESSION_RETENTION_DAYS,
      intervalSeconds: e.RETENTION_INTERVAL,
    },
    backup: { intervalHours: e.BACKUP_INTERVAL_HOURS, keep: e.BACKUP_KEEP },
    metricsToken: e.METRICS_TOKEN,
  };
}
