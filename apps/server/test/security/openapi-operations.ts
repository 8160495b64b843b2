import { randomUUID } from 'node:crypto';
import {
  hasPermission,
  type Permission,
  ROLE_TENANT_KIND,
  type Role,
  type TenantKind,
} from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * The operations of the OpenAPI document as the security suite walks them (issue 17): parameters with
 * their schemas resolved, the request body's schema, and who may call each one (`x-access`,
 * `x-tenant-kinds`). Generated from the running app's document, so a new endpoint is covered the day
 * it is added.
 */
export type JsonSchema = {
  $ref?: string;
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minItems?: number;
  minLength?: number;
  oneOf?: JsonSchema[];
  format?: string;
  enum?: unknown[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  pattern?: string;
  anyOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
};
export type Param = {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: JsonSchema;
};
export type Operation = {
  method: string;
  path: string;
  params: Param[];
  body?: JsonSchema;
  access: string;
  tenantKinds?: TenantKind[];
  /** the security schemes the operation accepts (`bearer`, `apiKey`); empty for public operations */
  security: string[];
};
type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Param[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        'x-access'?: string;
        'x-tenant-kinds'?: TenantKind[];
        security?: Record<string, string[]>[];
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
};

export interface OpenApiOperations {
  operations: Operation[];
  resolve(schema: JsonSchema | undefined): JsonSchema;
}

export async function openApiOperations(app: FastifyInstance): Promise<OpenApiOperations> {
  await app.ready();
  const doc = app.swagger() as unknown as OpenApi;
  const components = doc.components?.schemas ?? {};
  const resolve = (schema: JsonSchema | undefined): JsonSchema =>
    schema?.$ref ? resolve(components[schema.$ref.split('/').at(-1)!]) : (schema ?? {});
  const operations = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        params: (operation.parameters ?? []).map((param) => ({ ...param, schema: resolve(param.schema) })),
        body: operation.requestBody?.content?.['application/json']?.schema,
        access: operation['x-access'] ?? '(none)',
        tenantKinds: operation['x-tenant-kinds'],
        security: (operation.security ?? []).flatMap((scheme) => Object.keys(scheme)),
      })),
    );
  return { operations, resolve };
}

/**
 * Whether the role gets past the gate at all; the cells it does not are the role matrix's
 * (role-matrix.test.ts) and end in 403 before any data is read.
 */
export function mayCall(role: Role, operation: Operation): boolean {
  const permitted =
    operation.access === 'public' ||
    operation.access === 'authenticated' ||
    hasPermission(role, operation.access as Permission);
  return permitted && (!operation.tenantKinds || operation.tenantKinds.includes(ROLE_TENANT_KIND[role]));
}

/** strings of a known grammar, by field name: what a valid form would send */
const KNOWN: Record<string, unknown> = {
  username: 'sweep-user',
  password: 'Sweep-Password-2026',
  email: 'sweep@example.com',
  phone: '+49 40 6094 4100',
  country: 'DE',
  currency: 'EUR',
  timeZone: 'Europe/Berlin',
  serialNumber: 'SWEEP-0001',
  ipAddress: '10.0.0.10',
  subnetMask: '255.255.255.0',
  gateway: '10.0.0.1',
  dnsServer: '10.0.0.1',
  rfid: 'E2000017221101441890ABCD',
};

/** numbers of a known range, by field name: a config option's value fits both of its types */
const KNOWN_NUMBERS: Record<string, number> = { value: 100 };

/** ids a sample body uses where an id is asked for */
export interface SampleIds {
  uuid?: string;
  rfid?: string;
}

/**
 * A valid body from a JSON schema: required fields only, first enum value, smallest allowed size, the
 * given ids where an id is asked for. Good enough to get past validation for most writes, so that a
 * request reaches the checks behind it.
 */
export function sampleBody(
  resolve: OpenApiOperations['resolve'],
  schema: JsonSchema | undefined,
  ids: SampleIds,
  name = '',
): unknown {
  const resolved = resolve(schema);
  const choice = resolved.anyOf ?? resolved.oneOf;
  if (choice)
    return sampleBody(
      resolve,
      choice.find((option) => resolve(option).type !== 'null') ?? choice[0],
      ids,
      name,
    );
  if (resolved.enum?.length) return resolved.enum[0];
  if (resolved.default !== undefined) return resolved.default;
  switch (resolved.type) {
    case 'object': {
      const body: Record<string, unknown> = {};
      for (const field of resolved.required ?? []) {
        body[field] = sampleBody(resolve, resolved.properties?.[field], ids, field);
      }
      return body;
    }
    case 'array':
      return Array.from({ length: Math.max(resolved.minItems ?? 0, 1) }, () =>
        sampleBody(resolve, resolved.items, ids, name),
      );
    case 'integer':
    case 'number':
      return KNOWN_NUMBERS[name] ?? Math.max(resolved.minimum ?? 0, 1);
    case 'boolean':
      return true;
    case 'string': {
      if (resolved.format === 'uuid' || /Ids?$|^id$/.test(name))
        return ids.uuid ?? '00000000-0000-4000-8000-000000000000';
      if (/rfid/i.test(name)) return ids.rfid ?? KNOWN.rfid;
      if (resolved.format === 'date-time') return new Date().toISOString();
      if (resolved.format === 'date') return new Date().toISOString().slice(0, 10);
      if (resolved.format === 'email') return KNOWN.email;
      if (name in KNOWN) return KNOWN[name];
      return 'Sweep'.padEnd(Math.max(resolved.minLength ?? 0, 5), 'x');
    }
    default:
      return null;
  }
}

/**
 * A valid value for a header parameter from its schema (client type, idempotency key), or the
 * caller's credential where the header carries one (`credentials` by lower-case header name: the
 * API key, the registration api-token, a machine's Basic credential). Undefined when neither the
 * schema nor the caller has a value (an optional header is then left out).
 */
export function sampleHeader(
  resolve: OpenApiOperations['resolve'],
  param: Param,
  credentials: Record<string, string | undefined> = {},
): string | undefined {
  const name = param.name.toLowerCase();
  if (name in credentials) return credentials[name];
  const schema = resolve(param.schema?.anyOf?.[0] ?? param.schema);
  if (schema.default !== undefined) return String(schema.default);
  if (schema.enum?.length) return String(schema.enum[0]);
  if (schema.format === 'uuid') return randomUUID();
  if (schema.type === 'integer' || schema.type === 'number') return String(Math.max(schema.minimum ?? 0, 1));
  if (!param.required || schema.pattern) return undefined;
  return 'Sweep';
}

/** a valid value for a path or query parameter */
export function sampleParam(resolve: OpenApiOperations['resolve'], param: Param): string | undefined {
  const schema = resolve(param.schema?.anyOf?.[0] ?? param.schema);
  if (schema.default !== undefined) return String(schema.default);
  if (schema.enum?.length) return String(schema.enum[0]);
  if (param.name === 'timeZone') return 'Europe/Berlin';
  if (param.name === 'lang') return 'en';
  if (/rfid/i.test(param.name)) return String(KNOWN.rfid);
  if (schema.format === 'date-time' || /date/i.test(param.name)) {
    const day = 24 * 3600 * 1000;
    return new Date(Date.now() - (/end|to/i.test(param.name) ? 0 : 30 * day)).toISOString();
  }
  if (schema.type === 'integer' || schema.type === 'number') return String(Math.max(schema.minimum ?? 0, 1));
  if (schema.type === 'boolean') return 'false';
  if (!param.required) return undefined;
  return 'x';
}
