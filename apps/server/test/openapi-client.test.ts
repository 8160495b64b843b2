import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/demo/index';
import type { paths } from './generated/kerf-api';
import { generateClientTypes } from './openapi-client';
import { type ServerProcess, startServerProcess } from './server-process';

/**
 * Issue 37 "done means": a client generated from docs/openapi.json by openapi-typescript
 * type-checks (it is part of `tsc -p apps/server`) and works against a running server. Five
 * operations, called as an integrator would, through openapi-fetch and the generated `paths`.
 */

const OPENAPI = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));
const GENERATED = fileURLToPath(new URL('./generated/kerf-api.ts', import.meta.url));

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess();
}, 180_000);
afterAll(() => server?.stop());

describe('a client generated from docs/openapi.json', () => {
  it('is up to date with the document (run `npm run openapi` when this fails)', async () => {
    expect(await readFile(GENERATED, 'utf8')).toBe(
      await generateClientTypes(await readFile(OPENAPI, 'utf8')),
    );
  }, 60_000);

  it('signs in and calls five operations of four servers through openapi-fetch', async () => {
    const client = createClient<paths>({ baseUrl: server.url });

    // 1. sign in (public)
    const login = await client.POST('/api/auth/auth/login', {
      body: { tenant: 'demo', username: 'manager', password: DEMO_PASSWORD },
    });
    expect(login.response.status).toBe(200);
    const token = login.data!.bearerToken;
    expect(token).toEqual(expect.any(String));
    const headers = { authorization: `Bearer ${token}` };

    // 2. who am I
    const self = await client.GET('/api/auth/users/self', { headers });
    expect(self.response.status).toBe(200);
    expect(self.data!.username).toBe('manager');

    // 3. the knife list, a page of it, sorted
    const knives = await client.GET('/api/knife/knives', {
      headers,
      params: { query: { page: 0, page_size: 5, sort: 'RFID', sort_direction: 'ASCENDING' } },
    });
    expect(knives.response.status).toBe(200);
    expect(knives.data!.items.length).toBeGreaterThan(0);
    const rfids = knives.data!.items.map((knife) => knife.rfid);
    expect([...rfids].sort()).toEqual(rfids);

    // 4. the locations
    const locations = await client.GET('/api/printing-shop/printing-shops', { headers });
    expect(locations.response.status).toBe(200);
    expect(locations.data!.items.length).toBeGreaterThan(0);

    // 5. a report over a period
    const end = new Date();
    const start = new Date(end.getTime() - 86_400_000);
    const uptime = await client.GET('/api/report/reports/cutting-machines/average-uptime', {
      headers,
      params: {
        query: { startDate: start.toISOString(), endDate: end.toISOString(), timeZone: 'Europe/Berlin' },
      },
    });
    expect(uptime.response.status).toBe(200);
    expect(Array.isArray(uptime.data)).toBe(true);

    // 6. a bodiless success (204)
    const language = await client.PUT('/api/auth/users/self/language', {
      headers,
      body: { value: 'GERMAN' },
    });
    expect(language.response.status).toBe(204);

    // and a refusal arrives as the documented error body with its catalogue code
    const refused = await client.GET('/api/report/reports/cutting-machines/average-uptime', {
      headers,
      params: { query: { startDate: end.toISOString(), endDate: start.toISOString() } },
    });
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({
      code: 'validation.INVALID_INPUT',
      details: { fields: [{ field: 'endDate', code: 'TOO_SMALL' }] },
    });
  });
});
