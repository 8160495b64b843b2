import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_DELIVERY_HEADER, WEBHOOK_EVENT_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@kerf/contracts';

/**
 * Addresses a webhook may not reach in production (server-side request forgery): loopback, private
 * networks, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, unspecified,
 * multicast and reserved ranges, in IPv4 and IPv6 (IPv4-mapped IPv6 included).
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** True when the address is one a production webhook must not reach. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
    return BLOCKED.check(address, 'ipv6');
  }
  return true;
}

export class TargetRefused extends Error {}

/**
 * Whether a URL may be a webhook target: http(s), no credentials in it, and — unless private
 * targets are allowed — a host that resolves only to public addresses.
 */
export async function checkTarget(url: string, allowPrivate: boolean): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TargetRefused('not a URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new TargetRefused('not http(s)');
  if (parsed.username || parsed.password) throw new TargetRefused('credentials in the URL');
  if (allowPrivate) return;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await new Promise<string[]>((resolve, reject) =>
        dnsLookup(host, { all: true }, (error, found: LookupAddress[]) =>
          error
            ? reject(new TargetRefused(`host not found: ${error.code ?? error.message}`))
            : resolve(found.map((a) => a.address)),
        ),
      );
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) throw new TargetRefused('private address');
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the endpoint's secret. */
export function signature(secret: string, timestamp: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

export interface PostOutcome {
  ok: boolean;
  status: number | null;
  error: string | null;
}

const TIMEOUT_MS = 10_000;

/**
 * POSTs one delivery. The address is checked when the connection is made (the lookup below), so a
 * host that resolved to a public address at creation cannot be pointed at a private one later.
 */
export function postWebhook(options: {
  url: string;
  secret: string;
  deliveryId: string;
  event: string;
  body: string;
  allowPrivate: boolean;
  now?: Date;
}): Promise<PostOutcome> {
  const { url, secret, body } = options;
  const timestamp = Math.floor((options.now ?? new Date()).getTime() / 1000);
  return new Promise((resolve) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      resolve({ ok: false, status: null, error: 'not a URL' });
      return;
    }
    const client = parsed.protocol === 'https:' ? https : http;
    const guardedLookup: typeof dnsLookup = ((
      hostname: string,
      lookupOptions: object,
      callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
    ) => {
      dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses: LookupAddress[]) => {
        if (error) return callback(error, '', 4);
        const allowed = options.allowPrivate
          ? addresses
          : addresses.filter((a) => !isPrivateAddress(a.address));
        if (allowed.length === 0 || allowed.length !== addresses.length)
          return callback(new TargetRefused('private address'), '', 4);
        if ((lookupOptions as { all?: boolean }).all) return callback(null, allowed);
        return callback(null, allowed[0]!.address, allowed[0]!.family);
      });
    }) as typeof dnsLookup;
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !options.allowPrivate && isPrivateAddress(host)) {
      resolve({ ok: false, status: null, error: 'private address refused' });
      return;
    }
    const request = client.request(
      parsed,
      {
        method: 'POST',
        lookup: guardedLookup,
        timeout: TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Kerf-Webhooks/1',
          [WEBHOOK_SIGNATURE_HEADER]: signature(secret, timestamp, body),
          [WEBHOOK_EVENT_HEADER]: options.event,
          [WEBHOOK_DELIVERY_HEADER]: options.deliveryId,
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        response.resume();
        response.on('end', () =>
          resolve({
            ok: status >= 200 && status < 300,
            status,
            error: status >= 200 && status < 300 ? null : `HTTP ${status}`,
          }),
        );
        response.on('error', (error) => resolve({ ok: false, status, error: error.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) => resolve({ ok: false, status: null, error: error.message }));
    request.end(body);
  });
}
