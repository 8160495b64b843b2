import { vi } from 'vitest';
import { jsonResponse, SELF } from '../../test/render';

const NOW = '2026-11-21T09:00:00.000Z';
const PROVIDER_ID = '10000000-0000-4000-8000-000000000001';
const DEMO_ID = '20000000-0000-4000-8000-000000000002';
const AT_ID = '30000000-0000-4000-8000-000000000003';
export const AREA_ID = '40000000-0000-4000-8000-000000000004';
const MACHINE_ID = '50000000-0000-4000-8000-000000000005';
const SUPPORT_ID = '60000000-0000-4000-8000-000000000006';

const provider = { ...SELF.tenant, id: PROVIDER_ID, slug: 'kerf', name: 'Kerf', kind: 'PROVIDER' };

export const SUPPORT = {
  ...SELF,
  id: SUPPORT_ID,
  tenantId: PROVIDER_ID,
  username: 'support',
  firstName: 'Aylin',
  lastName: 'Demir',
  role: 'SERVICE_USER_SUPPORT',
  tenant: provider,
  permissions: ['self:read', 'customer-service:read', 'customer-contacts:read', 'machine-access:use'],
};

export const SERVICE_ADMIN = {
  ...SUPPORT,
  username: 'service-admin',
  firstName: 'Jan',
  lastName: 'Vogel',
  role: 'ADMIN_CUSTOMER_SERVICE',
  permissions: ['self:read', 'customer-service:read', 'service-areas:manage', 'roles:read'],
};

const summary = (id: string, slug: string, name: string) => ({ id, slug, name, kind: 'PRINTING_SHOP' });
const CUSTOMERS = [
  {
    ...summary(DEMO_ID, 'demo', 'Druckerei Beispiel GmbH'),
    active: true,
    serviceAreas: [{ id: AREA_ID, name: 'DACH' }],
    machineCount: 5,
    onlineMachineCount: 3,
  },
  {
    ...summary(AT_ID, 'demo-at', 'Druckhaus Alpenblick GmbH'),
    active: true,
    serviceAreas: [{ id: AREA_ID, name: 'DACH' }],
    machineCount: 2,
    onlineMachineCount: 0,
  },
];

export const MACHINE = {
  id: MACHINE_ID,
  tenantId: DEMO_ID,
  tenantName: 'Druckerei Beispiel GmbH',
  name: 'Schneider 1',
  serialNumber: 'PM-115-0001',
  manufacturer: 'Polar',
  type: 'N 115 PLUS',
  locationName: 'Werk Nord',
  country: 'DE',
  licensedAt: NOW,
  onlineStatus: 'ONLINE',
  status: 'RUNNING',
  statusSince: NOW,
  lastSeenAt: NOW,
  totalCuts: 10_000,
  activeAccessId: null,
};

const AREA = {
  id: AREA_ID,
  name: 'DACH',
  customers: CUSTOMERS.map(({ id, slug, name, kind }) => ({ id, slug, name, kind })),
  employeeCount: 1,
  machineCount: 7,
  createdAt: NOW,
  updatedAt: NOW,
};

export const EMPLOYEES = [
  {
    id: SUPPORT_ID,
    tenantId: PROVIDER_ID,
    username: 'support',
    email: null,
    firstName: 'Aylin',
    lastName: 'Demir',
    displayName: null,
    personnelNumber: null,
    role: 'SERVICE_USER_SUPPORT',
    language: null,
    active: true,
    createdAt: NOW,
    updatedAt: NOW,
    serviceAreaIds: [AREA_ID],
  },
];

export type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;

/** Customer service's side of the API, in memory; `override` answers first. */
export function fakeServiceServer(self: typeof SUPPORT = SUPPORT, override?: Handler) {
  return vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const answer = override?.(url, init);
    if (answer) return answer;
    const cs = '/api/customer-service';
    if (url.startsWith('/api/auth/users/self')) return jsonResponse(200, self);
    if (url.startsWith(`${cs}/tenants`)) return jsonResponse(200, CUSTOMERS);
    if (url.startsWith(`${cs}/search-view?`)) {
      const term = new URL(url, 'http://x').searchParams.get('search') ?? '';
      return jsonResponse(
        200,
        term.startsWith('PM-115')
          ? {
              customers: [],
              machines: [
                {
                  id: MACHINE_ID,
                  name: 'Schneider 1',
                  serialNumber: 'PM-115-0001',
                  tenantId: DEMO_ID,
                  tenantName: 'Druckerei Beispiel GmbH',
                },
              ],
            }
          : { customers: [], machines: [] },
      );
    }
    if (url.startsWith(`${cs}/cutting-machines`)) return jsonResponse(200, [MACHINE]);
    if (url.startsWith(`${cs}/service-areas/${AREA_ID}/user-view`)) return jsonResponse(200, EMPLOYEES);
    if (url.startsWith(`${cs}/service-areas/${AREA_ID}/cutting-machines`))
      return jsonResponse(200, [MACHINE]);
    if (url.startsWith(`${cs}/service-areas/${AREA_ID}`)) return jsonResponse(200, AREA);
    if (url.startsWith(`${cs}/service-areas`)) return jsonResponse(200, [AREA]);
    if (url === `${cs}/users` && (init?.method ?? 'GET') === 'GET') return jsonResponse(200, EMPLOYEES);
    return jsonResponse(404, { code: 'common.NOT_FOUND', message: 'x' });
  });
}

export function signIn() {
  window.localStorage.setItem('bearerToken', 'b');
  window.localStorage.setItem('refreshToken', 'r');
}

export const calls = (fetch: ReturnType<typeof fakeServiceServer>, method: string, path: string) =>
  fetch.mock.calls
    .filter(([input, init]) => String(input).startsWith(path) && (init?.method ?? 'GET') === method)
    .map(([input, init]) => ({
      url: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));
