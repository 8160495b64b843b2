import { ROLES, type Role } from '@kerf/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANTS } from '../../src/demo/index';
import { bearer, startTestApp, type TestApp } from '../harness';
import {
  type JsonSchema,
  mayCall,
  type OpenApiOperations,
  type Operation,
  openApiOperations,
  sampleBody,
  sampleParam,
} from './openapi-operations';

/**
 * Mass assignment over every write of the OpenAPI document (issue 17): protected fields — the
 * tenant, ids, role, password hash, timestamps, prototype keys — added to an otherwise valid body
 * change nothing. Every request body is a closed schema (`additionalProperties: false`, checked here
 * for all of them), so the server refuses the request with the unknown field named before any handler
 * runs; the live half sends each protected field to each write as a role that may call it.
 */
const PROTECTED = [
  'tenantId',
  'tenant_id',
  'id',
  'passwordHash',
  'password_hash',
  'createdAt',
  'updatedAt',
  'deletedAt',
  'active',
  'role',
] as const;
const NOBODY = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let document: OpenApiOperations;
let writes: Operation[];
const tokens = new Map<Role, string>();

beforeAll(async () => {
  t = await startTestApp({ LOGIN_IP_LIMIT: '100000', CAPTCHA_MAX_COUNTER: '20' });
  for (const role of ROLES) {
    const tenant = DEMO_TENANTS.find((candidate) => candidate.users.some((user) => user.role === role))!;
    const user = tenant.users.find((candidate) => candidate.role === role)!;
    tokens.set(role, bearer(await t.login(tenant.slug, user.username)).authorization);
  }
  document = await openApiOperations(t.app);
  writes = document.operations.filter((operation) => operation.body);
}, 120_000);
afterAll(() => t.close());

/** the object schemas a body may be (a union's members), resolved */
function objectSchemas(schema: JsonSchema | undefined): JsonSchema[] {
  const resolved = document.resolve(schema);
  const members = resolved.anyOf ?? resolved.oneOf;
  if (members) return members.flatMap(objectSchemas);
  return resolved.type === 'object' ? [resolved] : [];
}

describe('mass assignment', () => {
  it('declares every request body a closed object', () => {
    expect(writes.length).toBeGreaterThan(30);
    const open = writes.filter((operation) =>
      objectSchemas(operation.body).some((schema) => schema.additionalProperties !== false),
    );
    expect(open.map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);
  });

  it('refuses every protected field on every write and changes nothing', async () => {
    let tried = 0;
    const accepted: string[] = [];
    for (const operation of writes) {
      const role = ROLES.find((candidate) => operation.access !== 'public' && mayCall(candidate, operation));
      const authorization = role ? tokens.get(role) : undefined;
      const url = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
        const param = operation.params.find((candidate) => candidate.name === name);
        return param?.schema?.format === 'uuid' || !param
          ? NOBODY
          : encodeURIComponent(sampleParam(document.resolve, { ...param, required: true }) ?? 'x');
      });
      const [schema] = objectSchemas(operation.body);
      const valid = sampleBody(document.resolve, schema ?? operation.body, {}) as Record<string, unknown>;
      for (const field of PROTECTED) {
        // a field the contract itself declares (a user's role, a machine's active flag) is not extra
        if (schema?.properties && field in schema.properties) continue;
        const response = await t.request({
          method: operation.method as 'POST',
          url,
          headers: authorization ? { authorization } : {},
          payload: { ...valid, [field]: field.endsWith('Id') || field === 'id' ? NOBODY : 'SYSTEM_ADMIN' },
        });
        tried += 1;
        const answer = `${role ?? 'anyone'} ${operation.method} ${operation.path} +${field} → ${response.statusCode} ${response.body.slice(0, 160)}`;
        if (response.statusCode < 400 || response.statusCode >= 500) accepted.push(answer);
        else if (response.statusCode === 400) {
          const fields =
            (response.json() as { details?: { fields?: { field: string }[] } }).details?.fields ?? [];
          if (!fields.some((entry) => entry.field === field))
            accepted.push(`${answer} (the field is not named)`);
        }
      }
      // prototype keys: JSON.parse makes them own properties; they must not reach an object's prototype
      const polluted = await t.request({
        method: operation.method as 'POST',
        url,
        headers: { ...(authorization ? { authorization } : {}), 'content-type': 'application/json' },
        payload: `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},${JSON.stringify(valid).slice(1)}`,
      });
      tried += 1;
      expect(polluted.statusCode, `${operation.method} ${operation.path}`).toBeLessThan(500);
      expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    }
    console.info(
      `mass assignment: ${writes.length} writes, ${tried} requests with protected fields, ${accepted.length} accepted`,
    );
    expect(accepted).toEqual([]);
  }, 300_000);
});
