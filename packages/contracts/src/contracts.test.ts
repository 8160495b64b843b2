import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authRoutes } from './auth';
import { startOfDayIn, TimeZoneSchema } from './common';
import { ERROR_CODES, ERROR_STATUS, fieldErrorFromIssue } from './errors';
import {
  LIVE_EVENT_DATA_SCHEMAS,
  LIVE_EVENT_TYPES,
  LiveEventPayloadSchema,
  parseLiveEventData,
} from './live';
import { PasswordSchema } from './password';
import { ReportRangeQuerySchema } from './report';
import {
  ASSIGNABLE_ROLES,
  hasPermission,
  ROLE_AREAS,
  ROLE_PERMISSIONS,
  ROLE_TENANT_KIND,
  ROLES,
} from './roles';
import { routeUrl } from './route';
import { listSystemAudit } from './system-admin';
import { SerialNumberSchema } from './telemetry';

const passwordCodes = (value: string) =>
  (PasswordSchema.safeParse(value).error?.issues ?? []).map((issue) => fieldErrorFromIssue(issue).code);

describe('password rule (product.md §5)', () => {
  it.each([
    ['Kerf-demo-2026', []],
    ['Aa1!aaaa', []],
    ['Ärger7#ü', []],
    ['Aa1!aaa', ['PASSWORD_TOO_SHORT']],
    ['AA1!AAAA', ['PASSWORD_NEEDS_LOWERCASE']],
    ['aa1!aaaa', ['PASSWORD_NEEDS_UPPERCASE']],
    ['Aa!aaaaa', ['PASSWORD_NEEDS_DIGIT']],
    ['Aa1aaaaa', ['PASSWORD_NEEDS_SPECIAL']],
    [
      '',
      [
        'PASSWORD_TOO_SHORT',
        'PASSWORD_NEEDS_LOWERCASE',
        'PASSWORD_NEEDS_UPPERCASE',
        'PASSWORD_NEEDS_DIGIT',
        'PASSWORD_NEEDS_SPECIAL',
      ],
    ],
  ])('%s → %j', (value, codes) => {
    expect(passwordCodes(value)).toEqual(codes);
  });

  it('counts code points, so 8 emoji-safe characters are 8', () => {
    expect(passwordCodes('Aa1!😀😀😀😀')).toEqual([]);
    expect(passwordCodes('Aa1!😀😀😀')).toEqual(['PASSWORD_TOO_SHORT']);
  });

  it('accepts 256 characters and refuses more', () => {
    const base = 'Aa1!';
    expect(passwordCodes(base + 'x'.repeat(252))).toEqual([]);
    expect(passwordCodes(base + 'x'.repeat(253))).toEqual(['TOO_LONG']);
  });
});

describe('field error codes', () => {
  const issues = (schema: z.ZodType, value: unknown) =>
    schema.safeParse(value).error!.issues.map((issue) => fieldErrorFromIssue(issue));

  it('calls an empty value that breaks a format or a choice missing, not wrong (given the value)', () => {
    const schema = z.object({ serialNumber: SerialNumberSchema, kind: z.enum(['A', 'B']) });
    const mapped = (value: Record<string, unknown>) =>
      schema
        .safeParse(value)
        .error!.issues.map((issue) => fieldErrorFromIssue(issue, value[String(issue.path[0])]).code);
    expect(mapped({ serialNumber: '', kind: '' })).toEqual(['REQUIRED', 'REQUIRED']);
    expect(mapped({ serialNumber: '  ', kind: 'A' })).toEqual(['REQUIRED']);
    expect(mapped({ serialNumber: 'SM 0001', kind: 'C' })).toEqual(['INVALID_FORMAT', 'INVALID_VALUE']);
  });

  it('tells missing from wrong type, and reports length limits', () => {
    const schema = z.strictObject({
      name: z.string().min(3).max(5),
      count: z.number().max(10),
      mail: z.email(),
    });
    expect(issues(schema, {})).toEqual([{ code: 'REQUIRED' }, { code: 'REQUIRED' }, { code: 'REQUIRED' }]);
    expect(issues(schema, { name: 1, count: 'x', mail: 'no', extra: 1 })).toEqual([
      { code: 'INVALID_TYPE' },
      { code: 'INVALID_TYPE' },
      { code: 'INVALID_EMAIL' },
      { code: 'UNKNOWN_FIELD' },
    ]);
    expect(issues(schema, { name: 'ab', count: 11, mail: 'a@b.de' })).toEqual([
      { code: 'TOO_SHORT', limit: 3 },
      { code: 'TOO_BIG', limit: 10 },
    ]);
  });
});

describe('catalogue', () => {
  it('has every code of product.md §8 with a 4xx status', () => {
    for (const code of [
      'authentication.INVALID_CREDENTIALS',
      'authentication.INVALID_PASSWORD',
      'authentication.TENANT_NOT_FOUND',
      'authentication.USER_ALREADY_EXISTS',
      'authentication.USER_DISABLED',
      'authentication.USER_NOT_FOUND',
      'service.grinding-shops.KNIFE_ALREADY_SHIPPED',
      'service.grinding-shops.SHOP_HAS_MACHINES',
      'service.knives.KNIFE_HEIGHT_INCREASED',
      'service.knives.TOO_MANY_ATTEMPTS',
      'service.printing-shops.PRINTING_SHOP_HAS_USERS',
      'service.printing-shops.SERIAL_NUMBER_NOT_FREE',
      'service.printing-shops.SERIAL_NUMBER_ALREADY_ASSIGNED',
    ] as const) {
      expect(ERROR_CODES).toContain(code);
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code]).toBeLessThan(500);
    }
  });
});

describe('roles and permissions', () => {
  it('defines the 11 roles of product.md §6, each with an area and a tenant kind', () => {
    expect(ROLES).toHaveLength(11);
    for (const role of ROLES) {
      expect(ROLE_AREAS[role]).toBeTruthy();
      expect(ROLE_TENANT_KIND[role]).toBeTruthy();
      expect(hasPermission(role, 'self:read')).toBe(true);
    }
  });

  it('lets roles assign only roles of their own tenant kind, and only admins assign any', () => {
    for (const role of ROLES) {
      for (const assignable of ASSIGNABLE_ROLES[role])
        expect(ROLE_TENANT_KIND[assignable]).toBe(ROLE_TENANT_KIND[role]);
      expect(ASSIGNABLE_ROLES[role].length > 0).toBe(hasPermission(role, 'users:manage'));
    }
  });

  it('gives cross-tenant reading only to provider roles', () => {
    for (const role of ROLES) {
      if (ROLE_PERMISSIONS[role].includes('tenants:read-all'))
        expect(ROLE_TENANT_KIND[role]).toBe('PROVIDER');
    }
  });
});

describe('route contracts', () => {
  it('keep the spec paths under the module prefix, each once', () => {
    const urls = authRoutes.map((route) => `${route.method} ${routeUrl(route)}`);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toContain('POST /api/auth/auth/login');
    expect(urls).toContain('DELETE /api/auth/auth/sessions/:refreshToken');
    expect(urls).toContain('GET /api/auth/tenants');
  });
});

describe('live event payloads', () => {
  const machineId = '3f0c6a53-54b5-4a44-9b43-0f1e5d2b7a11';
  it('reads each type with its own data schema and refuses another type’s data', () => {
    // the four machine types carry the machine's whole view; a delta of the old shape is refused
    const view = {
      machineId,
      name: 'Schneider 1',
      serialNumber: 'PM-115-0001',
      revision: 7,
      asOf: '2026-11-23T08:00:01.000Z',
      status: 'BREAK',
      statusGroup: 'IDLE',
      statusSince: '2026-11-23T08:00:00.000Z',
      operator: null,
      onlineStatus: 'ONLINE',
      lastSeenAt: '2026-11-23T08:00:00.000Z',
      totalCuts: 10,
      lastCutAt: null,
      cutsToday: 3,
      dayStartedAt: '2026-11-22T23:00:00.000Z',
      knife: null,
      currentJob: null,
    };
    expect(parseLiveEventData('MACHINE_STATUS', view)).toEqual(view);
    expect(parseLiveEventData('MACHINE_CUT', view)).toEqual(view);
    const delta = { machineId, status: 'BREAK', since: '2026-11-23T08:00:00.000Z', operatorId: null };
    expect(parseLiveEventData('MACHINE_STATUS', delta)).toBeNull();
    expect(LiveEventPayloadSchema.safeParse({ type: 'MACHINE_STATUS', data: view }).success).toBe(true);
    expect(LiveEventPayloadSchema.safeParse({ type: 'NOTIFICATION', data: view }).success).toBe(false);
  });

  it('has a data schema for every event type', () => {
    expect(Object.keys(LIVE_EVENT_DATA_SCHEMAS).sort()).toEqual([...LIVE_EVENT_TYPES].sort());
  });
});

describe('local midnight in a time zone', () => {
  it.each([
    ['UTC', '2026-03-29T12:00:00Z', '2026-03-29T00:00:00.000Z'],
    ['Europe/Berlin', '2026-03-29T12:00:00Z', '2026-03-28T23:00:00.000Z'], // the day summer time starts
    ['Europe/Berlin', '2026-10-25T22:30:00Z', '2026-10-24T22:00:00.000Z'], // the day summer time ends
    ['Europe/Berlin', '2026-10-25T23:30:00Z', '2026-10-25T23:00:00.000Z'], // the next day, winter time
    ['Asia/Kolkata', '2026-11-20T18:29:00Z', '2026-11-19T18:30:00.000Z'],
    ['Asia/Kolkata', '2026-11-20T18:30:00Z', '2026-11-20T18:30:00.000Z'],
    ['America/New_York', '2026-11-21T03:00:00Z', '2026-11-20T05:00:00.000Z'],
  ])('%s at %s began at %s', (zone, at, start) => {
    expect(startOfDayIn(zone, new Date(at)).toISOString()).toBe(start);
  });

  it('accepts IANA names only', () => {
    expect(TimeZoneSchema.safeParse('Europe/Berlin').success).toBe(true);
    expect(TimeZoneSchema.safeParse('Mars/Olympus').success).toBe(false);
    expect(TimeZoneSchema.safeParse('').success).toBe(false);
  });
});

describe('date ranges (reports, audit log)', () => {
  const issuesOf = (query: Record<string, string>) =>
    (ReportRangeQuerySchema.safeParse(query).error?.issues ?? []).map((issue) => ({
      field: issue.path.join('.'),
      code: fieldErrorFromIssue(issue).code,
    }));

  it.each([
    ['Z', '2026-03-28T00:00:00Z', '2026-03-29T00:00:00Z'],
    ['offsets', '2026-03-28T00:00:00+01:00', '2026-03-29T00:00:00-05:30'],
    ['fractional seconds', '2026-03-28T00:00:00.123Z', '2026-03-29T00:00:00.5+02:00'],
    ['nanoseconds and a zero offset', '2026-03-28T00:00:00.123456789+00:00', '2026-03-29T00:00:00Z'],
  ])('accepts every RFC 3339 form: %s', (_, startDate, endDate) => {
    expect(issuesOf({ startDate, endDate })).toEqual([]);
  });

  it.each([
    ['a day before', '2026-03-29T00:00:00Z', '2026-03-28T00:00:00Z'],
    ['years before', '2030-01-01T00:00:00Z', '2020-01-01T00:00:00Z'],
    ['the same instant in another zone', '2026-03-29T02:00:00+02:00', '2026-03-29T00:00:00Z'],
  ])('answers an end before the start with ONE error on endDate: %s', (_, startDate, endDate) => {
    expect(issuesOf({ startDate, endDate })).toEqual([{ field: 'endDate', code: 'TOO_SMALL' }]);
  });

  it('answers a too long period with TOO_BIG alone, and a malformed date with its format error alone', () => {
    expect(issuesOf({ startDate: '2025-01-01T00:00:00Z', endDate: '2026-02-06T00:00:01Z' })).toEqual([
      { field: 'endDate', code: 'TOO_BIG' },
    ]);
    expect(issuesOf({ startDate: '2026-03-29T00:00:00', endDate: '2026-03-28T00:00:00Z' })).toEqual([
      { field: 'startDate', code: 'INVALID_FORMAT' },
    ]);
  });

  it('the audit log: `to` may equal `from` but not precede it', () => {
    const query = listSystemAudit.query;
    expect(query.safeParse({ from: '2026-03-29T00:00:00Z', to: '2026-03-29T00:00:00Z' }).success).toBe(true);
    const issues = query.safeParse({ from: '2026-03-29T00:00:00Z', to: '2026-03-28T00:00:00Z' }).error
      ?.issues;
    expect(issues?.map((issue) => [issue.path.join('.'), fieldErrorFromIssue(issue).code])).toEqual([
      ['to', 'TOO_SMALL'],
    ]);
  });
});
