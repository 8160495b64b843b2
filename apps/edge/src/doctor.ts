import { lookup } from 'node:dns/promises';
import { connect as connectTcp } from 'node:net';
import { connect as connectTls, type PeerCertificate, rootCertificates } from 'node:tls';
import {
  type DoctorReport,
  getSiteRequirements,
  MAX_CLOCK_SKEW_SECONDS,
  machineUsername,
  routeUrl,
  type SetupAdvice,
  type SetupCheckRun,
  type SiteCheckReport,
  type SiteRequirements,
  SiteRequirementsSchema,
  submitDoctorReport,
} from '@kerf/contracts';
import mqtt from 'mqtt';

export interface DoctorOptions {
  /** the cloud's address, e.g. https://kerf.example.com (dev: http://localhost:8080) */
  server: string;
  tenantId: string;
  serial: string;
  password: string;
  /** the run the assistant asked for */
  runId?: string | null;
  siteManagerSerial?: string | null;
  /** PEM of a CA to trust besides the system's (a private CA) */
  ca?: string;
  /** MQTT over TLS port to try instead of the cloud's (a port forward on site); default: the cloud's, else 8883 */
  mqttsPort?: number;
  /** per network step */
  timeoutMs?: number;
}

export interface DoctorResult {
  checks: SiteCheckReport[];
  /** the run the cloud stored, or why the report could not be delivered */
  delivered: { run: SetupCheckRun } | { error: string };
}

type Check = SiteCheckReport;
const ok = (check: Check['check'], detail: Check['detail'] = {}): Check => ({
  check,
  state: 'SUCCESS',
  advice: null,
  detail,
});
const fail = (check: Check['check'], advice: SetupAdvice, detail: Check['detail'] = {}): Check => ({
  check,
  state: 'ERROR',
  advice,
  detail,
});

const code = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

/** What a failed TCP connection tells the customer's IT. */
function reachAdvice(error: unknown, blocked: SetupAdvice): SetupAdvice {
  return ['EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL'].includes(code(error))
    ? 'HOST_UNREACHABLE'
    : blocked;
}

/** What a failed TLS handshake tells the customer's IT. */
function tlsAdvice(error: unknown): SetupAdvice {
  const c = code(error);
  if (c === 'CERT_HAS_EXPIRED' || c === 'CERT_NOT_YET_VALID') return 'CERTIFICATE_EXPIRED';
  if (c === 'ERR_TLS_CERT_ALTNAME_INVALID') return 'CERTIFICATE_WRONG_HOST';
  if (
    [
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'SELF_SIGNED_CERT_IN_CHAIN',
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
      'UNABLE_TO_GET_ISSUER_CERT',
    ].includes(c)
  )
    return 'CERTIFICATE_NOT_TRUSTED';
  return 'TLS_HANDSHAKE_FAILED';
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(Object.assign(new Error(`${what} timed out`), { code: 'ETIMEDOUT' })),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Opens and closes a TCP connection; answers the time it took. */
function tcpReach(host: string, port: number, timeoutMs: number): Promise<number> {
  const began = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connectTcp({ host, port, timeout: timeoutMs });
    socket.once('connect', () => {
      socket.destroy();
      resolve(Date.now() - began);
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' }));
    });
    socket.once('error', reject);
  });
}

/** A TLS handshake with certificate verification; answers the peer certificate. */
function tlsHandshake(host: string, address: string, port: number, ca: string[], timeoutMs: number) {
  return new Promise<PeerCertificate>((resolve, reject) => {
    const socket = connectTls({
      host: address,
      port,
      servername: /^[\d.]+$/.test(host) ? undefined : host,
      ca,
      timeout: timeoutMs,
    });
    socket.once('secureConnect', () => {
      const certificate = socket.getPeerCertificate();
      socket.destroy();
      resolve(certificate);
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' }));
    });
    socket.once('error', (error) => {
      socket.destroy();
      reject(error);
    });
  });
}

/**
 * `kerf-edge doctor`: the setup assistant's checks that only the site can make (product.md §2), from
 * the site manager's own network: DNS, TCP reach of the HTTPS port and of MQTT over TLS (8883),
 * the TLS handshake and the certificate, an MQTT connect with the machine's credential (over
 * WebSocket on the HTTPS port when 8883 is blocked), the gate manager, and the clock. Then it
 * reports the results to the cloud over HTTPS, signed with the machine's credential.
 */
export async function runDoctor(options: DoctorOptions): Promise<DoctorResult> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const server = new URL(options.server);
  const host = server.hostname;
  const httpsPort = Number(server.port || (server.protocol === 'https:' ? 443 : 80));
  const username = machineUsername(options.tenantId, options.serial);
  const checks: Check[] = [];

  // 1. DNS: the resolver answers (availability), and it knows the cloud's name (entry).
  let address: string | null = null;
  try {
    const found = await withTimeout(lookup(host, { all: true, order: 'ipv4first' }), timeoutMs, 'dns');
    address = found[0]?.address ?? null;
    checks.push(ok('DNS_AVAILABILITY'), ok('DNS_ENTRY', { host, ...(address ? { address } : {}) }));
  } catch (error) {
    const notFound = code(error) === 'ENOTFOUND';
    checks.push(
      notFound ? ok('DNS_AVAILABILITY') : fail('DNS_AVAILABILITY', 'DNS_SERVER_UNREACHABLE'),
      fail('DNS_ENTRY', notFound ? 'DNS_NAME_NOT_FOUND' : 'DNS_SERVER_UNREACHABLE', { host }),
    );
  }
  if (!address) {
    const dnsAdvice = checks.find((c) => c.check === 'DNS_ENTRY')!.advice!;
    for (const check of ['CLOUD_SERVICE', 'GATE_MANAGER', 'MQTT', 'SSL', 'CLOCK'] as const)
      checks.push(fail(check, dnsAdvice, { host }));
    return { checks, delivered: { error: `cannot resolve ${host}` } };
  }

  // 2. The cloud service on its HTTPS port: TCP, then the requirements (its ports and its clock).
  let requirements: SiteRequirements | null = null;
  let skewSeconds: number | null = null;
  try {
    const latencyMs = await tcpReach(address, httpsPort, timeoutMs);
    const asked = Date.now();
    const response = await fetch(new URL(routeUrl(getSiteRequirements), server), {
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answered = Date.now();
    requirements = SiteRequirementsSchema.parse(await response.json());
    skewSeconds = Math.round(((asked + answered) / 2 - Date.parse(requirements.serverTime)) / 1000);
    checks.push(ok('CLOUD_SERVICE', { host, port: httpsPort, latencyMs }));
  } catch (error) {
    checks.push(fail('CLOUD_SERVICE', reachAdvice(error, 'PORT_443_BLOCKED'), { host, port: httpsPort }));
  }

  // 3. The gate manager of remote service.
  const gate = requirements?.gateManager ?? { host, port: httpsPort };
  try {
    const latencyMs = await tcpReach(gate.host, gate.port, timeoutMs);
    checks.push(ok('GATE_MANAGER', { host: gate.host, port: gate.port, latencyMs }));
  } catch (error) {
    checks.push(fail('GATE_MANAGER', reachAdvice(error, 'PORT_443_BLOCKED'), gate));
  }

  // 4. MQTT over TLS: TCP reach, handshake and certificate, then a connect with the credential.
  const mqttsPort = options.mqttsPort ?? (requirements ? requirements.mqttsPort : 8883);
  const ca = [...rootCertificates];
  if (options.ca) ca.push(options.ca);
  if (requirements?.developmentCertificatePem) ca.push(requirements.developmentCertificatePem);
  const probe = (url: string, extra: mqtt.IClientOptions = {}) =>
    mqtt.connectAsync(url, {
      clientId: `${username}~doctor`,
      username,
      password: options.password,
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: timeoutMs,
      ...extra,
    });
  let portOpen = false;
  if (mqttsPort === null) {
    checks.push(fail('SSL', 'SERVER_TLS_NOT_CONFIGURED', { host }));
  } else {
    try {
      await tcpReach(address, mqttsPort, timeoutMs);
      portOpen = true;
      const certificate = await tlsHandshake(host, address, mqttsPort, ca, timeoutMs);
      checks.push(
        ok('SSL', { host, port: mqttsPort, validTo: new Date(certificate.valid_to).toISOString() }),
      );
    } catch (error) {
      checks.push(
        portOpen
          ? fail('SSL', tlsAdvice(error), { host, port: mqttsPort })
          : fail('SSL', reachAdvice(error, 'PORT_8883_BLOCKED'), { host, port: mqttsPort }),
      );
    }
  }
  const sslOk = checks.at(-1)!.state === 'SUCCESS';
  let mqttCheck: Check | null = null;
  if (portOpen && sslOk) {
    const began = Date.now();
    try {
      const client = await probe(`mqtts://${host}:${mqttsPort}`, { ca, servername: host, host: address });
      await client.endAsync(true);
      mqttCheck = ok('MQTT', { host, port: mqttsPort!, transport: 'MQTTS', latencyMs: Date.now() - began });
    } catch (error) {
      mqttCheck = fail(
        'MQTT',
        /not authorized|bad user/i.test(String(error)) ? 'CREDENTIAL_REFUSED' : 'MQTT_REFUSED',
        {
          host,
          port: mqttsPort!,
        },
      );
    }
  }
  if (!mqttCheck) {
    // 8883 blocked (or its TLS broken): the fallback, MQTT over WebSocket on the HTTPS port.
    const scheme = server.protocol === 'https:' ? 'wss' : 'ws';
    const path = requirements?.websocketPath ?? '/mqtt';
    const began = Date.now();
    try {
      const client = await probe(`${scheme}://${host}:${httpsPort}${path}`, { ca });
      await client.endAsync(true);
      // the fallback works: a warning (8883 should be opened), not an error
      mqttCheck = {
        check: 'MQTT',
        state: 'WARNING',
        advice: 'MQTT_WEBSOCKET_FALLBACK',
        detail: { host, port: mqttsPort ?? 8883, transport: 'WEBSOCKET', latencyMs: Date.now() - began },
      };
    } catch (error) {
      const refused = /not authorized|bad user/i.test(String(error));
      mqttCheck = fail('MQTT', refused ? 'CREDENTIAL_REFUSED' : 'PORT_8883_BLOCKED', {
        host,
        port: mqttsPort ?? 8883,
      });
    }
  }
  checks.push(mqttCheck);

  // 5. The clock, against the server's (halfway through the request).
  if (skewSeconds === null) {
    checks.push(fail('CLOCK', checks.find((c) => c.check === 'CLOUD_SERVICE')!.advice ?? 'PORT_443_BLOCKED'));
  } else if (Math.abs(skewSeconds) > MAX_CLOCK_SKEW_SECONDS) {
    checks.push(fail('CLOCK', 'CLOCK_SKEW', { skewSeconds }));
  } else {
    checks.push(ok('CLOCK', { skewSeconds }));
  }

  // 6. The report, over HTTPS with the machine's credential.
  const report: DoctorReport = {
    runId: options.runId ?? null,
    siteManagerSerial: options.siteManagerSerial ?? null,
    sentAt: new Date().toISOString(),
    checks,
  };
  try {
    const response = await fetch(new URL(routeUrl(submitDoctorReport), server), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${username}:${options.password}`).toString('base64')}`,
      },
      body: JSON.stringify(report),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 401) return { checks, delivered: { error: 'CREDENTIAL_REFUSED' } };
    if (!response.ok) return { checks, delivered: { error: `${response.status} ${await response.text()}` } };
    return { checks, delivered: { run: (await response.json()) as SetupCheckRun } };
  } catch (error) {
    return { checks, delivered: { error: (error as Error).message } };
  }
}
