import { vi } from 'vitest';
import { jsonResponse, SELF } from '../../test/render';

export const LOCATION_ID = '11111111-1111-4111-8111-111111111111';
export const MACHINE_ID = '22222222-2222-4222-8222-222222222222';
const USER_ID = '33333333-3333-4333-8333-333333333333';
const NOW = '2026-11-21T09:00:00.000Z';

const GRINDING_ADMIN = {
  ...SELF,
  role: 'ADMIN_GRINDING_SHOP',
  firstName: 'Petra',
  lastName: 'Wolf',
  tenant: { ...SELF.tenant, slug: 'demo-grind', name: 'Schleiferei Muster KG', kind: 'GRINDING_SHOP' },
  permissions: ['self:read', 'users:read', 'users:manage', 'grinding-locations:manage'],
};

export const LOCATION = {
  id: LOCATION_ID,
  name: 'Schleifwerk Bielefeld',
  street: 'Eckendorfer Straße',
  streetNumber: '91',
  zip: '33609',
  city: 'Bielefeld',
  country: 'DE',
  numberOfMachines: 1,
  numberOfEmployees: 1,
  createdAt: NOW,
  updatedAt: NOW,
};

export const MACHINE = {
  id: MACHINE_ID,
  name: 'Flachschleifer 1',
  manufacturer: 'Kolb',
  designation: 'Messerschleifmaschine 2.200',
  serialNumber: 'KOLB-2200-1187',
  grindingShopId: LOCATION_ID,
  grindingShopName: 'Schleifwerk Bielefeld',
  maxKnifeLength: 2200,
  active: true,
  createdAt: NOW,
  updatedAt: NOW,
};

export const EMPLOYEE = {
  ...SELF,
  id: USER_ID,
  username: 'grinder',
  firstName: 'Tomasz',
  lastName: 'Nowak',
  role: 'GRINDER',
  grindingShopIds: [LOCATION_ID],
  currentLocationId: LOCATION_ID,
  tenant: undefined,
  permissions: undefined,
};

const page = (items: unknown[]) => ({ items, page: 0, pageSize: 20, total: items.length });

export type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;

/** The grinding-shop server as the admin screens see it; `override` answers first. */
export function fakeGrindingShopServer(override?: Handler) {
  return vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const answer = override?.(url, init);
    if (answer) return answer;
    const gs = '/api/grinding-shop';
    if (url.startsWith('/api/auth/users/self')) return jsonResponse(200, GRINDING_ADMIN);
    if (url.startsWith('/api/auth/roles'))
      return jsonResponse(200, [
        { code: 'ADMIN_GRINDING_SHOP', tenantKind: 'GRINDING_SHOP', assignable: true },
        { code: 'GRINDER', tenantKind: 'GRINDING_SHOP', assignable: true },
      ]);
    if (url.startsWith(`${gs}/grinding-shops?`) && method === 'GET')
      return jsonResponse(200, page([LOCATION]));
    if (url === `${gs}/grinding-shops/${LOCATION_ID}/grinding-machines`) return jsonResponse(200, [MACHINE]);
    if (url === `${gs}/grinding-shops/${LOCATION_ID}/user-view`) return jsonResponse(200, [EMPLOYEE]);
    if (url === `${gs}/grinding-shops/${LOCATION_ID}` && method === 'GET') return jsonResponse(200, LOCATION);
    return jsonResponse(404, { code: 'common.NOT_FOUND', message: 'x' });
  });
}

export function signIn() {
  window.localStorage.setItem('bearerToken', 'b');
  window.localStorage.setItem('refreshToken', 'r');
}

export const calls = (fetch: ReturnType<typeof fakeGrindingShopServer>, method: string, path: string) =>
  fetch.mock.calls.filter(
    ([input, init]) => String(input).startsWith(path) && (init?.method ?? 'GET') === method,
  );
