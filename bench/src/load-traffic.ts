import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { LANGUAGES } from '@kerf/contracts';

/**
 * API traffic of bench/load in its own process: an open model (constant arrival rate; requests
 * are sent on schedule whether or not earlier ones answered, latency measured from the scheduled
 * start, so queueing is not hidden). The calls are the typical ones of a printing shop's manager,
 * admin and operator (reliability.md T-LD-01: about 80 % reads, 15 % writes, 5 % CSV), weighted.
 * Any answer other than the call's expected status, and any connection error, is an error.
 * Input: JSON on argv[2] { base, rate, seconds, tokens, shopId, machineIds, operatorMachineId }.
 */
interface Job {
  base: string;
  rate: number;
  seconds: number;
  tokens: { manager: string; admin: string; operator: string };
  shopId: string;
  machineIds: string[];
  operatorMachineId: string;
}
const job = JSON.parse(process.argv[2]!) as Job;
/**
 * Every role signs in again every 4 minutes, as the web app renews its access token (15 min by
 * default) — without it a long run measures expired tokens. Not counted in the figures.
 */
const renewTokens = setInterval(async () => {
  for (const role of Object.keys(job.tokens) as Role[]) {
    try {
      const response = await fetch(`${job.base}/api/auth/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tenant: 'demo', username: role, password: 'Kerf-demo-2026' }),
      });
      if (response.ok) job.tokens[role] = ((await response.json()) as { bearerToken: string }).bearerToken;
    } catch {
      // the next round tries again; requests with the old token count as errors if it expires
    }
  }
}, 240_000);
const target = new URL(job.base);
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

type Role = keyof Job['tokens'];
interface Call {
  name: string;
  role: Role;
  kind: 'read' | 'write' | 'csv';
  weight: number;
  method?: 'GET' | 'PUT' | 'POST';
  path: () => string;
  body?: () => unknown;
  headers?: () => Record<string, string>;
  /** expected status (200 unless said) */
  status?: number;
}

const day = () => {
  const endDate = new Date();
  const startDate = new Date(endDate.getTime() - 86_400_000);
  return new URLSearchParams({
    startDate: startDate.toISOString(),
    endDate: endDate.toISOString(),
    timeZone: 'Europe/Berlin',
  }).toString();
};
let languageTurn = 0;
/** the operator alternates the machine between a break and running, as at a shift's breaks */
let operatorStatus: 'RUNNING' | 'BREAK' = 'RUNNING';
/**
 * A terminal sends its next status input after the last one answered; a status slot that comes
 * while one is still on its way shows the machine's status view instead (the arrival rate stays).
 */
let statusInFlight = false;
const pick = (list: string[]) => list[Math.floor(Math.random() * list.length)]!;

const CALLS: Call[] = [
  // manager: dashboards, knives, reports, exports
  {
    name: 'manager: my locations',
    role: 'manager',
    kind: 'read',
    weight: 8,
    path: () => '/api/printing-shop/printing-shops/assigned-self',
  },
  {
    name: "manager: a location's machines",
    role: 'manager',
    kind: 'read',
    weight: 8,
    path: () => `/api/printing-shop/printing-shops/${job.shopId}/cutting-machines`,
  },
  {
    name: 'manager: online status (dashboard poll)',
    role: 'manager',
    kind: 'read',
    weight: 10,
    path: () =>
      `/api/printing-shop/cutting-machines/online-status?machineIds=${job.machineIds.slice(0, 10).join(',')}`,
  },
  {
    name: 'manager: knives',
    role: 'manager',
    kind: 'read',
    weight: 6,
    path: () => '/api/knife/knives/manager-view',
  },
  {
    name: 'manager: uptime last 24 h',
    role: 'manager',
    kind: 'read',
    weight: 4,
    path: () => '/api/report/reports/cutting-machines/uptime-last-24h?timeZone=Europe/Berlin',
  },
  {
    name: 'manager: cuts chart, one day',
    role: 'manager',
    kind: 'read',
    weight: 4,
    path: () => `/api/report/reports/employees/cuts-chart?${day()}`,
  },
  {
    name: 'manager: knives CSV',
    role: 'manager',
    kind: 'csv',
    weight: 3,
    path: () => '/api/knife/knives/csv-export',
  },
  {
    name: 'manager: machines report CSV',
    role: 'manager',
    kind: 'csv',
    weight: 2,
    path: () => `/api/report/reports/cutting-machines/csv-exports?${day()}`,
  },
  // admin: users, locations, machines
  { name: 'admin: self', role: 'admin', kind: 'read', weight: 5, path: () => '/api/auth/users/self' },
  { name: 'admin: users', role: 'admin', kind: 'read', weight: 5, path: () => '/api/printing-shop/users' },
  {
    name: 'admin: machines',
    role: 'admin',
    kind: 'read',
    weight: 5,
    path: () => '/api/printing-shop/cutting-machines/admin-view',
  },
  {
    name: 'admin: locations',
    role: 'admin',
    kind: 'read',
    weight: 4,
    path: () => '/api/printing-shop/printing-shops',
  },
  {
    name: 'admin: one machine',
    role: 'admin',
    kind: 'read',
    weight: 3,
    path: () => `/api/printing-shop/cutting-machines/${pick(job.machineIds)}/admin-view`,
  },
  {
    name: 'admin: save language',
    role: 'admin',
    kind: 'write',
    weight: 3,
    method: 'PUT',
    path: () => '/api/auth/users/self/language',
    body: () => ({ value: LANGUAGES[languageTurn++ % LANGUAGES.length] }),
    status: 204,
  },
  // operator: the terminal
  {
    name: 'operator: machines to choose',
    role: 'operator',
    kind: 'read',
    weight: 8,
    path: () => '/api/printing-shop/cutting-machines/operator-selection-view',
  },
  {
    name: "operator: machine's status view",
    role: 'operator',
    kind: 'read',
    weight: 10,
    path: () => `/api/printing-shop/cutting-machines/${job.operatorMachineId}/status-view`,
  },
  {
    // one status input at a time, as at a terminal (see statusInFlight)
    name: 'operator: set status',
    role: 'operator',
    kind: 'write',
    weight: 8,
    method: 'PUT',
    path: () => `/api/printing-shop/cutting-machines/${job.operatorMachineId}/status`,
    body: () => {
      operatorStatus = operatorStatus === 'RUNNING' ? 'BREAK' : 'RUNNING';
      statusInFlight = true;
      return { value: operatorStatus };
    },
    headers: () => ({ 'idempotency-key': randomUUID() }),
  },
  {
    name: 'operator: select machine',
    role: 'operator',
    kind: 'write',
    weight: 2,
    method: 'PUT',
    path: () => '/api/printing-shop/users/self/current-machine',
    body: () => ({ machineId: job.operatorMachineId }),
  },
];
const statusView = CALLS.find((c) => c.name === "operator: machine's status view")!;
/** one slot per weight unit, interleaved: every call comes round evenly */
const schedule: Call[] = [];
const maxWeight = Math.max(...CALLS.map((c) => c.weight));
for (let round = 0; round < maxWeight; round++)
  for (const call of CALLS) if (call.weight > round) schedule.push(call);

interface Tally {
  requests: number;
  errors: number;
  latencies: number[];
}
const tally = (): Tally => ({ requests: 0, errors: 0, latencies: [] });
const all = tally();
const byKind: Record<Call['kind'], Tally> = { read: tally(), write: tally(), csv: tally() };
const failures = new Map<string, number>();
const byCall = new Map<string, Tally>();
/** per minute: requests and errors, to see whether errors cluster */
const minutes: { requests: number; errors: number }[] = [];

function send(call: Call, scheduled: number, startedAt: number): Promise<void> {
  const body = call.body ? JSON.stringify(call.body()) : undefined;
  const path = call.path();
  return new Promise((resolve) => {
    const finish = (error: string | null) => {
      const latency = performance.now() - scheduled;
      const minute = Math.floor((scheduled - startedAt) / 60_000);
      minutes[minute] ??= { requests: 0, errors: 0 };
      minutes[minute]!.requests += 1;
      if (!byCall.has(call.name)) byCall.set(call.name, tally());
      for (const t of [all, byKind[call.kind], byCall.get(call.name)!]) {
        t.requests += 1;
        t.latencies.push(latency);
        if (error) t.errors += 1;
      }
      if (error) {
        minutes[minute]!.errors += 1;
        const key = `${call.name}: ${error}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
      resolve();
    };
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path,
        method: call.method ?? 'GET',
        agent,
        headers: {
          authorization: `Bearer ${job.tokens[call.role]}`,
          'accept-encoding': 'br, gzip',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...call.headers?.(),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (res.statusCode !== (call.status ?? 200)) chunks.push(chunk);
        });
        res.on('end', () =>
          finish(
            res.statusCode === (call.status ?? 200)
              ? null
              : `${res.statusCode} ${Buffer.concat(chunks).toString().slice(0, 160)}`,
          ),
        );
      },
    );
    req.on('error', (error) => finish(error.message));
    req.end(body);
  });
}

const interval = 1000 / job.rate;
const total = Math.round(job.rate * job.seconds);
const start = performance.now();
const pending = new Set<Promise<void>>();
for (let i = 0; i < total; i++) {
  const scheduled = start + i * interval;
  const wait = scheduled - performance.now();
  if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
  let next = schedule[i % schedule.length]!;
  if (next.name === 'operator: set status' && statusInFlight) next = statusView;
  const promise = send(next, scheduled, start).then(() => {
    if (next.name === 'operator: set status') statusInFlight = false;
  });
  pending.add(promise);
  promise.then(() => pending.delete(promise));
}
await Promise.all(pending);
const elapsed = (performance.now() - start) / 1000;

const summary = (t: Tally) => {
  const sorted = t.latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;
  return {
    requests: t.requests,
    errors: t.errors,
    errorRatePercent: t.requests ? Math.round((t.errors / t.requests) * 100_000) / 1000 : 0,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: at(1),
  };
};
process.send?.({
  done: {
    ...summary(all),
    requestsPerSecond: Math.round((all.requests / elapsed) * 10) / 10,
    byKind: { read: summary(byKind.read), write: summary(byKind.write), csv: summary(byKind.csv) },
    errorsPerMinute: minutes.map((m) => m.errors),
    byCall: Object.fromEntries(
      [...byCall].map(([name, t]) => {
        const { requests, errors, p50, p95 } = summary(t);
        return [name, { requests, errors, p50, p95 }];
      }),
    ),
    failures: Object.fromEntries([...failures].sort((a, b) => b[1] - a[1]).slice(0, 10)),
  },
});
clearInterval(renewTokens);
agent.destroy();
process.exit(0);
