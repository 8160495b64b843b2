import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';

const TOKEN = 'scrape-token-0123456789abcdef';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => t?.close());

describe('GET /api/metrics', () => {
  it('answers Prometheus text to the scraper token and to system admins only', async () => {
    await t.request({ method: 'GET', url: '/api/health' });
    await t.request({ method: 'GET', url: '/api/knife/knives/nothing' });
    const scraped = await t.request({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = scraped.body;
    expect(text).toMatch(/kerf_http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+/);
    expect(text).toMatch(
      /kerf_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/health",status="200"\}/,
    );
    // one series per route: cumulative buckets ending in +Inf = count = the requests counted
    const health = 'method="GET",route="/api/health",status="200"';
    const value = (line: string) =>
      Number(
        text
          .split('\n')
          .find((l) => l.startsWith(`${line} `))
          ?.split(' ')[1],
      );
    const counted = value(`kerf_http_requests_total{${health}}`);
    expect(counted).toBeGreaterThanOrEqual(1);
    const buckets = text
      .split('\n')
      .filter((l) => l.startsWith('kerf_http_request_duration_seconds_bucket{') && l.includes(health))
      .map((l) => Number(l.split(' ')[1]));
    expect(buckets).toHaveLength(12);
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
    expect(value(`kerf_http_request_duration_seconds_bucket{le="+Inf",${health}}`)).toBe(counted);
    expect(value(`kerf_http_request_duration_seconds_count{${health}}`)).toBe(counted);
    expect(value(`kerf_http_request_duration_seconds_sum{${health}}`)).toBeGreaterThan(0);
    expect(text).toMatch(
      /kerf_http_requests_total\{method="GET",route="\/api\/knife\/knives\/:rfid",status="40\d"\} 1/,
    );
    expect(text).toContain('# TYPE kerf_http_request_duration_seconds histogram');
    expect(text).toContain('kerf_ingest_received_total');
    expect(text).toContain('kerf_ingest_invalid_total');
    expect(text).toContain('kerf_live_sockets');
    expect(text).toMatch(/kerf_job_runs_total\{job="log-retention"\} 0/);
    expect(text).toContain('kerf_process_cpu_user_seconds_total');
    expect(text).toContain('kerf_nodejs_eventloop_lag_seconds');
    for (const label of ['p50', 'p99', 'max'])
      expect(value(`kerf_event_loop_delay_${label}_seconds`)).toBeGreaterThanOrEqual(0);
    expect(value('kerf_event_loop_delay_max_seconds')).toBeGreaterThanOrEqual(
      value('kerf_event_loop_delay_p50_seconds'),
    );
    if (t.database.kind === 'postgres') expect(text).toContain('kerf_db_pool_connections{state="total"}');

    const admin = await t.request({
      method: 'GET',
      url: '/api/metrics',
      headers: bearer(await t.login('kerf', 'sysadmin')),
    });
    expect(admin.statusCode).toBe(200);

    const anonymous = await t.request({ method: 'GET', url: '/api/metrics' });
    expect(anonymous.statusCode).toBe(401);
    const wrong = await t.request({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: 'Bearer not-the-token' },
    });
    expect(wrong.statusCode).toBe(401);
    const tenantAdmin = await t.request({
      method: 'GET',
      url: '/api/metrics',
      headers: bearer(await t.login('demo', 'admin')),
    });
    expect(tenantAdmin.statusCode).toBe(403);
    expect(tenantAdmin.json().code).toBe('authentication.FORBIDDEN');
  });
});
