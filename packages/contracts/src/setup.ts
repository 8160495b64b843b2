import { z } from 'zod';
import { IdParamsSchema } from './common';
import { defineRoute } from './route';
import { SerialNumberSchema } from './telemetry';
import { identifier, secretText, text } from './text';

const MODULE = 'printing-shop' as const;
const timestamp = z.iso.datetime({ offset: true });

/**
 * The checks of the setup assistant (product.md §2 "Setup assistant"), in the order the assistant shows
 * them. CLOCK is an addition: a site manager whose clock is off fails TLS and stamps cuts wrongly.
 */
export const SETUP_CHECKS = [
  'API_KEY',
  'SERIAL_NUMBER',
  'SITE_MANAGER',
  'DNS_AVAILABILITY',
  'DNS_ENTRY',
  'CLOUD_SERVICE',
  'GATE_MANAGER',
  'MQTT',
  'SSL',
  'CLOCK',
] as const;
export const SetupCheckSchema = z.enum(SETUP_CHECKS).meta({ id: 'SetupCheck' });
export type SetupCheck = z.infer<typeof SetupCheckSchema>;

/** Where a check runs: on the server (cloud) or on the site manager (`kerf-edge doctor`). */
export const SETUP_CHECK_SIDE: Record<SetupCheck, 'CLOUD' | 'SITE'> = {
  API_KEY: 'CLOUD',
  SERIAL_NUMBER: 'CLOUD',
  SITE_MANAGER: 'CLOUD',
  DNS_AVAILABILITY: 'SITE',
  DNS_ENTRY: 'SITE',
  CLOUD_SERVICE: 'SITE',
  GATE_MANAGER: 'SITE',
  MQTT: 'SITE',
  SSL: 'SITE',
  CLOCK: 'SITE',
};
export const SITE_CHECKS = SETUP_CHECKS.filter((check) => SETUP_CHECK_SIDE[check] === 'SITE');

/**
 * product.md §4 "Setup checks: running, error, success"; WARNING is an addition (issue 32): the check
 * could not confirm its value (a site manager that does not report its serial) or a fallback works
 * in its place (MQTT over WebSocket when 8883 is blocked) — never shown as a pass.
 */
export const SETUP_CHECK_STATES = ['RUNNING', 'SUCCESS', 'WARNING', 'ERROR'] as const;
export const SetupCheckStateSchema = z.enum(SETUP_CHECK_STATES).meta({ id: 'SetupCheckState' });
export type SetupCheckState = z.infer<typeof SetupCheckStateSchema>;

/** What a red check tells the customer's IT to do; the web app words each one. */
export const SETUP_ADVICE = [
  // API key (the machine's MQTT credential); CREDENTIAL_REFUSED is the site manager's own finding
  // (its doctor was refused with the key it has), never the cloud's: a refused login from anyone
  // else is shown as refused logins beside the API key (issue 31)
  'NO_CREDENTIAL',
  'CREDENTIAL_REVOKED',
  'CREDENTIAL_REFUSED',
  // serial number and licence
  'SERIAL_UNKNOWN',
  'NOT_LICENSED',
  // site manager
  'SITE_MANAGER_SERIAL_MISSING',
  'SITE_MANAGER_SERIAL_MISMATCH',
  /** the report carries no serial: the one set for the tenant cannot be compared (a warning) */
  'SITE_MANAGER_SERIAL_NOT_REPORTED',
  'SITE_MANAGER_SILENT',
  /** no report, but the machine was heard on MQTT shortly before: online, yet its doctor did not answer */
  'SITE_MANAGER_DOCTOR_SILENT',
  // DNS
  'DNS_SERVER_UNREACHABLE',
  'DNS_NAME_NOT_FOUND',
  // reachability (cables, firewall, ports)
  'PORT_443_BLOCKED',
  'HOST_UNREACHABLE',
  'PORT_8883_BLOCKED',
  'MQTT_WEBSOCKET_FALLBACK',
  'MQTT_REFUSED',
  // TLS
  'CERTIFICATE_EXPIRED',
  'CERTIFICATE_NOT_TRUSTED',
  'CERTIFICATE_WRONG_HOST',
  'TLS_HANDSHAKE_FAILED',
  'SERVER_TLS_NOT_CONFIGURED',
  // clock
  'CLOCK_SKEW',
] as const;
export const SetupAdviceSchema = z.enum(SETUP_ADVICE).meta({ id: 'SetupAdvice' });
export type SetupAdvice = z.infer<typeof SetupAdviceSchema>;

/** Host names and addresses as the site manager saw them (one DNS name or an IP address). */
const HostSchema = identifier(
  z
    .string()
    .max(253)
    .regex(/^[A-Za-z0-9.:_-]+$/),
);

/** Measured facts behind a result, shown beside it (numbers, not prose: the web app words them). */
export const SetupCheckDetailSchema = z
  .strictObject({
    host: HostSchema,
    port: z.number().int().min(0).max(65535),
    /** the address a name resolved to */
    address: HostSchema,
    /** a certificate's end of validity */
    validTo: timestamp,
    /** site manager clock minus server clock */
    skewSeconds: z.number().int().min(-1e9).max(1e9),
    latencyMs: z.number().int().min(0).max(600_000),
    /**
     * What the check compared (issue 32): the value the cloud expects and the one it found, e.g.
     * the tenant's site manager serial and the one the doctor reported; null when there was none.
     */
    expected: text({ max: 200 }).nullable(),
    found: text({ max: 200 }).nullable(),
    /** how the site manager reached the broker */
    transport: z.enum(['MQTTS', 'WEBSOCKET']),
    /** the machine's last heartbeat the cloud received */
    lastHeartbeatAt: timestamp.nullable(),
    /**
     * API key: wrong secrets tried for the machine's credential in the last hour, by client address
     * (issue 31) — shown as such, never as the key's state: anyone who knows the username can try.
     */
    refusedLogins: z
      .array(
        z.strictObject({
          address: z.string().max(64),
          count: z.number().int().min(1),
          lastAt: timestamp,
        }),
      )
      .max(5),
  })
  .partial()
  .meta({ id: 'SetupCheckDetail' });

export const SetupCheckResultSchema = z
  .object({
    check: SetupCheckSchema,
    side: z.enum(['CLOUD', 'SITE']),
    state: SetupCheckStateSchema,
    advice: SetupAdviceSchema.nullable(),
    detail: SetupCheckDetailSchema,
  })
  .meta({ id: 'SetupCheckResult' });
export type SetupCheckResult = z.infer<typeof SetupCheckResultSchema>;

/** One run of the assistant for a machine: the cloud checks at once, the site's when its report arrives. */
export const SetupCheckRunSchema = z
  .object({
    id: z.uuid(),
    machineId: z.uuid(),
    /** RUNNING until every check has a result; then ERROR if any failed, WARNING if any warns, else SUCCESS */
    state: SetupCheckStateSchema,
    startedAt: timestamp,
    finishedAt: timestamp.nullable(),
    /** the site manager serial the doctor reported, if any */
    siteManagerSerial: z.string().nullable(),
    checks: z.array(SetupCheckResultSchema),
  })
  .meta({ id: 'SetupCheckRun' });
export type SetupCheckRun = z.infer<typeof SetupCheckRunSchema>;

/** A site check as the doctor reports it. */
export const SiteCheckReportSchema = z.strictObject({
  check: z.enum(SITE_CHECKS as [SetupCheck, ...SetupCheck[]]),
  /** WARNING: works, but not as set up (the MQTT check over the WebSocket fallback) */
  state: z.enum(['SUCCESS', 'WARNING', 'ERROR']),
  advice: SetupAdviceSchema.nullable(),
  /** refused logins are the cloud's to count, never the site manager's to report */
  detail: SetupCheckDetailSchema.omit({ refusedLogins: true }),
});
export type SiteCheckReport = z.infer<typeof SiteCheckReportSchema>;

/** What `kerf-edge doctor` sends after its checks (authenticated with the machine's credential). */
export const DoctorReportSchema = z
  .strictObject({
    /** the run the assistant asked for; without it the report opens a run of its own */
    runId: z.uuid().nullable().optional(),
    siteManagerSerial: SerialNumberSchema.nullable().optional(),
    /** the site manager's clock when it sent the report */
    sentAt: timestamp,
    checks: z.array(SiteCheckReportSchema).min(1).max(SITE_CHECKS.length),
  })
  .meta({ id: 'DoctorReport' });
export type DoctorReport = z.infer<typeof DoctorReportSchema>;

/** What a site must open, and the cloud's addresses: the System page and the doctor's targets. */
export const SiteRequirementsSchema = z
  .object({
    /** the cloud's host name (DNS entry the site must resolve) */
    host: z.string(),
    /** HTTPS (API, web app, MQTT over WebSocket fallback): 443 in production */
    httpsPort: z.number().int(),
    /** URL path of MQTT over WebSocket on the HTTPS port */
    websocketPath: z.string(),
    /** MQTT over TLS: 8883 in production; null when the broker has no TLS listener */
    mqttsPort: z.number().int().nullable(),
    /** the gate manager of remote service */
    gateManager: z.object({ host: z.string(), port: z.number().int() }),
    serverTime: timestamp,
    /** the broker's certificate when the server generated it itself (development); null otherwise */
    developmentCertificatePem: z.string().nullable(),
  })
  .meta({ id: 'SiteRequirements' });
export type SiteRequirements = z.infer<typeof SiteRequirementsSchema>;

export const SystemInfoSchema = z
  .object({
    version: z.string(),
    nodeVersion: z.string(),
    serverTime: timestamp,
    database: z.enum(['pglite', 'postgres']),
    broker: z.object({
      embedded: z.boolean(),
      mqttPort: z.number().int().nullable(),
      connected: z.boolean(),
    }),
    certificate: z.object({ subject: z.string(), validTo: timestamp, selfSigned: z.boolean() }).nullable(),
    requirements: SiteRequirementsSchema,
  })
  .meta({ id: 'SystemInfo' });
export type SystemInfo = z.infer<typeof SystemInfoSchema>;

export const SiteManagerSchema = z
  .strictObject({ serialNumber: SerialNumberSchema.nullable() })
  .meta({ id: 'SiteManager' });

const RunParamsSchema = z.strictObject({ id: z.uuid(), runId: z.uuid() });

const ADDITION = 'the spec describes the setup assistant (§2) but lists no endpoints for it';

export const startSetupChecks = defineRoute({
  module: MODULE,
  method: 'POST',
  path: '/cutting-machines/:id/setup-checks',
  summary: 'Run the setup assistant for a machine: cloud checks now, the site manager is asked for its own',
  access: 'network:manage',
  params: IdParamsSchema,
  responses: { 201: SetupCheckRunSchema },
  errors: ['service.printing-shops.MACHINE_NOT_FOUND'],
  specAddition: ADDITION,
});

export const listSetupChecks = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/cutting-machines/:id/setup-checks',
  summary: "A machine's setup check runs, newest first (at most 20)",
  access: 'machines:read',
  params: IdParamsSchema,
  responses: { 200: z.array(SetupCheckRunSchema) },
  errors: ['service.printing-shops.MACHINE_NOT_FOUND'],
  specAddition: ADDITION,
});

export const getSetupCheck = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/cutting-machines/:id/setup-checks/:runId',
  summary: 'One setup check run (the printable report)',
  access: 'machines:read',
  params: RunParamsSchema,
  responses: { 200: SetupCheckRunSchema },
  errors: ['service.printing-shops.MACHINE_NOT_FOUND', 'common.NOT_FOUND'],
  specAddition: ADDITION,
});

export const getSystemInfo = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/setup/system',
  summary: 'The System page: versions, server time, broker addresses and what the site must open',
  access: 'machines:read',
  responses: { 200: SystemInfoSchema },
  errors: [],
  specAddition:
    'the setup assistant links to a System page (product.md §2); the spec names no endpoint for it',
});

export const getSiteManager = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/setup/site-manager',
  summary: "The tenant's site manager serial number (product.md §3 Tenant)",
  access: 'machines:read',
  responses: { 200: SiteManagerSchema },
  errors: [],
  specAddition:
    'product.md §3 gives the tenant a site manager serial number but no endpoint to read or set it',
});

export const setSiteManager = defineRoute({
  module: MODULE,
  method: 'PUT',
  path: '/setup/site-manager',
  summary: "Set the tenant's site manager serial number",
  access: 'network:manage',
  body: SiteManagerSchema,
  responses: { 200: SiteManagerSchema },
  errors: [],
  specAddition:
    'product.md §3 gives the tenant a site manager serial number but no endpoint to read or set it',
});

/** `Basic base64(username:password)` with the machine's MQTT credential. */
export const MachineBasicAuthHeadersSchema = z.object({
  authorization: secretText({ max: 600 }),
});

export const getSiteRequirements = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/site-manager/requirements',
  summary: "The cloud's addresses and server time, for `kerf-edge doctor` (no sign-in: asked before any)",
  access: 'public',
  responses: { 200: SiteRequirementsSchema },
  errors: [],
  specAddition: 'the site manager checks the network against the cloud before it has a session',
});

export const submitDoctorReport = defineRoute({
  module: MODULE,
  method: 'POST',
  path: '/site-manager/doctor-reports',
  summary: "The site manager's check results (HTTP Basic with the machine's MQTT credential)",
  access: 'public',
  headers: MachineBasicAuthHeadersSchema,
  body: DoctorReportSchema,
  responses: { 201: SetupCheckRunSchema },
  errors: ['authentication.INVALID_CREDENTIALS'],
  specAddition:
    'HTTP, not MQTT: it reaches the cloud over 443 when 8883 is blocked, which is what the doctor diagnoses',
});

/** The command the server publishes on a machine's command topic to start its doctor. */
export const DoctorCommandSchema = z.strictObject({ type: z.literal('doctor'), runId: z.uuid() });
export type DoctorCommand = z.infer<typeof DoctorCommandSchema>;

/** Site checks without a report this long after the run started count as failed. */
export const SITE_REPORT_TIMEOUT_SECONDS = 60;
/** A clock this far off (either way) fails the CLOCK check. */
export const MAX_CLOCK_SKEW_SECONDS = 60;

/** Run state from its checks: RUNNING while any runs, ERROR if any failed, WARNING if any warns, else SUCCESS. */
export function runState(checks: Pick<SetupCheckResult, 'state'>[]): SetupCheckState {
  if (checks.some((c) => c.state === 'RUNNING')) return 'RUNNING';
  if (checks.some((c) => c.state === 'ERROR')) return 'ERROR';
  return checks.some((c) => c.state === 'WARNING') ? 'WARNING' : 'SUCCESS';
}

/** Results older than this are outdated (issue 32): shown with their age and a re-run, never as a pass. */
export const SETUP_RESULT_MAX_AGE_HOURS = 24;

/** Whether a finished run's results are too old to be shown as the machine's current state. */
export function isRunOutdated(run: Pick<SetupCheckRun, 'startedAt' | 'finishedAt'>, now: number): boolean {
  const at = Date.parse(run.finishedAt ?? run.startedAt);
  return now - at > SETUP_RESULT_MAX_AGE_HOURS * 3600_000;
}
