import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES, PERMISSIONS, type Permission, ROLES, type Role } from '@kerf/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANTS } from '../../src/demo/index';
import { bearer, startTestApp, type TestApp } from '../harness';
import { mayCall, type Operation, openApiOperations } from './openapi-operations';

/**
 * The role matrix, cell by cell: every operation of the OpenAPI document × every one of the 11 roles.
 * The matrix is declared once — each route contract names the permission it needs (`x-access` in the
 * document) and, where a permission is shared by both sides of knife logistics, the kinds of tenant
 * it serves (`x-tenant-kinds`); `ROLE_PERMISSIONS` in contracts/roles.ts gives each role its
 * permissions — and this test derives every cell from those and checks the running server against it:
 *
 * - a denied cell answers 403 `authentication.FORBIDDEN` (the gate runs before the body is read, so
 *   nothing of the request reaches a handler);
 * - an allowed cell gets past the gate: never 401, never the gate's refusal for a call that cannot
 *   fail any other way, never a 5xx;
 * - without a token every non-public operation answers 401, and a public one never does;
 * - an operation without a declared access, or with one the matrix does not know, fails the suite;
 * - every answer carries the security headers (no-store, nosniff, CSP with frame-ancestors, no banner).
 *
 * Path parameters carry a well-formed id that names nothing, bodies are left out: allowed cells end
 * in 400 or 404 or in a harmless read; no demo object is changed.
 */

/**
 * Permissions no route gate names: handlers decide with them what an answer holds (all tenants or the
 * own one, the contact person, connection diagnostics) and the live gateway whom it serves. Each must
 * be checked somewhere in the server's code.
 */
const CHECKED_IN_HANDLERS: Permission[] = [
  'tenants:read-all',
  'customer-contacts:read',
  'machine-access:diagnostics',
  'live:subscribe',
];
const SERVER_SRC = fileURLToPath(new URL('../../src/', import.meta.url));

const NOBODY = '00000000-0000-4000-8000-000000000000';
let t: TestApp;
let operations: Operation[];
const tokens = new Map<Role, string>();

beforeAll(async () => {
  t = await startTestApp({ LOGIN_IP_LIMIT: '100000', LOGIN_ACCOUNT_LIMIT: '100000' });
  for (const role of ROLES) {
    const tenant = DEMO_TENANTS.find((candidate) => candidate.users.some((user) => user.role === role));
    const user = tenant?.users.find((candidate) => candidate.role === role);
    if (!tenant || !user) throw new Error(`the demo has no user with role ${role}`);
    tokens.set(role, bearer(await t.login(tenant.slug, user.username)).authorization);
  }
  operations = (await openApiOperations(t.app)).operations;
}, 60_000);
afterAll(() => t.close());

const url = (path: string) => path.replace(/\{[^}]+\}/g, NOBODY);
const call = (operation: Operation, authorization?: string) =>
  t.request({
    method: operation.method as 'GET',
    url: url(operation.path),
    headers: authorization ? { authorization } : {},
  });
const isPermission = (access: string): access is Permission =>
  (PERMISSIONS as readonly string[]).includes(access);

describe('role matrix over every operation of the OpenAPI document', () => {
  it('every operation declares an access the matrix knows', () => {
    expect(operations.length).toBeGreaterThan(100);
    const unknown = operations.filter(
      (operation) =>
        operation.access !== 'public' &&
        operation.access !== 'authenticated' &&
        !isPermission(operation.access),
    );
    expect(unknown.map((operation) => `${operation.method} ${operation.path}: ${operation.access}`)).toEqual(
      [],
    );
    // every permission guards an operation or is checked by a handler: one nobody checks is an error
    const used = new Set<string>(operations.map((operation) => operation.access));
    expect(PERMISSIONS.filter((permission) => !used.has(permission)).sort()).toEqual(
      [...CHECKED_IN_HANDLERS].sort(),
    );
    const source = (readdirSync(SERVER_SRC, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => readFileSync(join(SERVER_SRC, file), 'utf8'))
      .join('\n');
    for (const permission of CHECKED_IN_HANDLERS) expect(source).toContain(`'${permission}'`);
  });

  it('answers every cell as the matrix declares it', async () => {
    const cells = { denied: 0, allowed: 0 };
    const wrong: string[] = [];
    for (const operation of operations) {
      if (operation.access === 'public') continue;
      for (const role of ROLES) {
        const allowed = mayCall(role, operation);
        const response = await call(operation, tokens.get(role));
        const code = response.statusCode >= 400 ? (response.json() as { code?: string }).code : undefined;
        const cell = `${role} ${operation.method} ${operation.path} (${operation.access}) → ${response.statusCode} ${code ?? ''}`;
        if (response.statusCode >= 500) wrong.push(`${cell}: server error`);
        // the security headers on every answer, signed in: nothing cached, nothing sniffed, no banner
        const headers = response.headers;
        if (headers['cache-control'] !== 'no-store')
          wrong.push(`${cell}: Cache-Control ${headers['cache-control']}`);
        if (headers['x-content-type-options'] !== 'nosniff') wrong.push(`${cell}: no nosniff`);
        if (!String(headers['content-security-policy'] ?? '').includes("frame-ancestors 'none'"))
          wrong.push(`${cell}: no CSP with frame-ancestors`);
        if (headers['x-powered-by'] !== undefined || headers.server !== undefined)
          wrong.push(`${cell}: a banner`);
        else if (code !== undefined && !(ERROR_CODES as readonly string[]).includes(code))
          wrong.push(`${cell}: not a catalogue code`);
        else if (allowed) {
          cells.allowed += 1;
          if (response.statusCode === 401) wrong.push(`${cell}: allowed, but not signed in`);
          // the gate's refusal on an allowed cell: only a handler's own, resource-level refusal may
          // answer FORBIDDEN, and such a refusal needs a resource (a path parameter) to refuse
          if (code === 'authentication.FORBIDDEN' && !operation.path.includes('{'))
            wrong.push(`${cell}: allowed, but refused`);
        } else {
          cells.denied += 1;
          if (response.statusCode !== 403 || code !== 'authentication.FORBIDDEN')
            wrong.push(`${cell}: denied, but not refused with authentication.FORBIDDEN`);
        }
      }
    }
    console.info(
      `role matrix: ${operations.length} operations × ${ROLES.length} roles, ${cells.allowed} allowed and ${cells.denied} denied cells checked, ${wrong.length} wrong`,
    );
    expect(wrong).toEqual([]);
    expect(cells.denied).toBeGreaterThan(cells.allowed);
  }, 300_000);

  it('answers 401 without a token on every non-public operation, and never on a public one', async () => {
    const wrong: string[] = [];
    for (const operation of operations) {
      const response = await call(operation);
      if (response.statusCode >= 500)
        wrong.push(`${operation.method} ${operation.path}: ${response.statusCode}`);
      const expected401 = operation.access !== 'public';
      if (expected401 !== (response.statusCode === 401))
        wrong.push(`${operation.method} ${operation.path} (${operation.access}): ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
