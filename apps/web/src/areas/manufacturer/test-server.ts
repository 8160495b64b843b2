import { vi } from 'vitest';
import { jsonResponse, SELF } from '../../test/render';

const MAKER_TENANT_ID = '55555555-5555-4555-8555-555555555555';
export const ENGINEER_ID = '66666666-6666-4666-8666-666666666666';
const NOW = '2026-11-21T09:00:00.000Z';

export const MAKER_ADMIN = {
  ...SELF,
  tenantId: MAKER_TENANT_ID,
  username: 'admin',
  firstName: 'Petra',
  lastName: 'Lang',
  role: 'ADMIN_MANUFACTURER',
  tenant: {
    ...SELF.tenant,
    id: MAKER_TENANT_ID,
    slug: 'demo-maker',
    name: 'Polar Mohr',
    kind: 'MANUFACTURER',
  },
  permissions: ['self:read', 'users:read', 'users:manage', 'manufacturer-fleet:read', 'roles:read'],
};

export const MAKER = {
  ...MAKER_ADMIN,
  role: 'MANUFACTURER',
  permissions: ['self:read', 'manufacturer-fleet:read'],
};

const user = (
  id: string,
  firstName: string,
  lastName: string,
  username: string,
  role: string,
  active = true,
) => ({
  id,
  tenantId: MAKER_TENANT_ID,
  username,
  email: null,
  firstName,
  lastName,
  displayName: null,
  personnelNumber: null,
  role,
  language: null,
  active,
  createdAt: NOW,
  updatedAt: NOW,
  printingShopIds: [],
});

export const USERS = [
  user(SELF.id, 'Petra', 'Lang', 'admin', 'ADMIN_MANUFACTURER'),
  user(ENGINEER_ID, 'Tobias', 'Brandt', 'engineer', 'MANUFACTURER'),
  user('77777777-7777-4777-8777-777777777777', 'Sina', 'Wolf', 'sina', 'MANUFACTURER', false),
];

const FLEET = {
  make: 'Polar',
  days: 30,
  machines: [
    {
      id: '88888888-8888-4888-8888-888888888888',
      customerName: 'Druckerei Beispiel GmbH',
      country: 'DE',
      name: 'Schneider 1',
      serialNumber: 'PM-115-0001',
      type: 'N 115 PLUS',
      cuttingWidth: 1150,
      onlineStatus: 'ONLINE',
      status: 'RUNNING',
      totalCuts: 10_000,
      cuts: 1_200,
      runningSeconds: 36_000,
      knivesUsed: 2,
    },
  ],
};

export type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;

/** The manufacturer's side of the API, in memory; `override` answers first. */
export function fakeMakerServer(self: typeof MAKER_ADMIN | typeof MAKER = MAKER_ADMIN, override?: Handler) {
  return vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const answer = override?.(url, init);
    if (answer) return answer;
    if (url.startsWith('/api/auth/users/self')) return jsonResponse(200, self);
    if (url.startsWith('/api/auth/roles?'))
      return jsonResponse(200, [
        { code: 'ADMIN_MANUFACTURER', tenantKind: 'MANUFACTURER', assignable: true },
        { code: 'MANUFACTURER', tenantKind: 'MANUFACTURER', assignable: true },
      ]);
    if (url.startsWith('/api/printing-shop/users?'))
      return jsonResponse(200, { items: USERS, total: USERS.length, page: 0, pageSize: 1000 });
    if (url.startsWith('/api/customer-service/manufacturer-view/cutting-machines'))
      return jsonResponse(200, FLEET);
    return jsonResponse(404, { code: 'common.NOT_FOUND', message: 'x' });
  });
}

export function signIn() {
  window.localStorage.setItem('bearerToken', 'b');
  window.localStorage.setItem('refreshToken', 'r');
}

export const calls = (fetch: ReturnType<typeof fakeMakerServer>, method: string, path: string) =>
  fetch.mock.calls
    .filter(([input, init]) => String(input).startsWith(path) && (init?.method ?? 'GET') === method)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
