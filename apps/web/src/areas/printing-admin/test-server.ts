import { vi } from 'vitest';
import { machineView } from '../../test/machine-view';
import { jsonResponse, SELF } from '../../test/render';

export const LOCATION_ID = '11111111-1111-4111-8111-111111111111';
export const MACHINE_ID = '22222222-2222-4222-8222-222222222222';
export const USER_ID = '33333333-3333-4333-8333-333333333333';
const NOW = '2026-11-21T09:00:00.000Z';

export const LOCATION = {
  id: LOCATION_ID,
  name: 'Werk Nord',
  street: 'Industriestraße',
  streetNumber: '12',
  zip: '20457',
  city: 'Hamburg',
  country: 'DE',
  knifeSwapInterval: null,
  numberOfMachines: 1,
  numberOfEmployees: 1,
  uptimeLast24h: 0.5,
  createdAt: NOW,
  updatedAt: NOW,
};

export const MACHINE = {
  id: MACHINE_ID,
  name: 'Schneider 1',
  designation: 'N 115 PLUS',
  manufacturer: 'Polar',
  serialNumber: 'PM-115-0001',
  printingShopId: LOCATION_ID,
  printingShopName: 'Werk Nord',
  cuttingWidth: 1150,
  knifeSwapInterval: null,
  active: true,
  type: null,
  totalCuts: 10,
  knivesCount: 2,
  licensedAt: '2026-01-02T00:00:00.000Z',
  network: {
    connection: 'ETHERNET',
    addressMode: 'STATIC',
    ipAddress: '192.168.1.20',
    subnetMask: '255.255.255.0',
    gateway: '192.168.1.1',
    dnsServer: null,
    networkName: null,
    security: null,
    passwordSet: false,
  },
  networkContact: { name: 'Jana Netz', phone: '+49 40 123456789' },
  networkSetupState: 'ALL_SETTINGS_CORRECT',
  createdAt: NOW,
  updatedAt: NOW,
};

export const EMPLOYEE = {
  ...SELF,
  id: USER_ID,
  username: 'erika',
  firstName: 'Erika',
  lastName: 'Muster',
  role: 'PRINTING_SHOP_OPERATOR',
  printingShopIds: [LOCATION_ID],
  tenant: undefined,
  permissions: undefined,
};

/** Werk Nord's shift calendar: Monday early and late shift (a break in the early one), one holiday. */
export const SHIFT_CALENDAR = {
  printingShopId: LOCATION_ID,
  timeZone: 'Europe/Berlin',
  shifts: [
    { weekday: 1, name: 'Early', start: '06:00', end: '14:00', breaks: [{ start: '10:00', minutes: 30 }] },
    { weekday: 1, name: 'Late', start: '14:00', end: '22:00', breaks: [] },
  ],
  holidays: [{ date: '2026-12-24', name: 'Heiligabend' }],
  updatedAt: NOW,
};

/** Its planned production time in the week of 2026-12-21: Monday 15.5 h, Thursday a holiday. */
const PLANNED_TIME = {
  printingShopId: LOCATION_ID,
  timeZone: 'Europe/Berlin',
  from: '2026-12-21',
  to: '2026-12-27',
  days: [
    '2026-12-21',
    '2026-12-22',
    '2026-12-23',
    '2026-12-24',
    '2026-12-25',
    '2026-12-26',
    '2026-12-27',
  ].map((date, index) => ({
    date,
    weekday: index + 1,
    holiday: date === '2026-12-24' ? 'Heiligabend' : null,
  })),
  machines: [
    {
      machineId: MACHINE_ID,
      name: 'Schneider 1',
      serialNumber: 'PM-115-0001',
      days: [
        '2026-12-21',
        '2026-12-22',
        '2026-12-23',
        '2026-12-24',
        '2026-12-25',
        '2026-12-26',
        '2026-12-27',
      ].map((date) => ({ date, plannedSeconds: date === '2026-12-21' ? 55_800 : 0, shifts: [] })),
      totalSeconds: 55_800,
    },
  ],
};

const page = (items: unknown[]) => ({ items, page: 0, pageSize: 20, total: items.length });

export type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;

/** The printing-shop server as the admin screens see it; `override` answers first. */
export function fakePrintingShopServer(override?: Handler) {
  return vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const answer = override?.(url, init);
    if (answer) return answer;
    const ps = '/api/printing-shop';
    if (url.startsWith('/api/auth/users/self')) return jsonResponse(200, SELF);
    if (url.startsWith('/api/auth/roles'))
      return jsonResponse(200, [
        { code: 'PRINTING_SHOP_OPERATOR', tenantKind: 'PRINTING_SHOP', assignable: true },
      ]);
    if (url.startsWith(`${ps}/printing-shops/minimal-info`))
      return jsonResponse(200, { ...page([{ id: LOCATION_ID, name: 'Werk Nord' }]), pageSize: 1000 });
    if (url.startsWith(`${ps}/printing-shops?`)) return jsonResponse(200, page([LOCATION]));
    if (url === `${ps}/printing-shops/${LOCATION_ID}/cutting-machines`) return jsonResponse(200, [MACHINE]);
    if (url === `${ps}/printing-shops/${LOCATION_ID}/user-view`) return jsonResponse(200, [EMPLOYEE]);
    if (url === `${ps}/printing-shops/${LOCATION_ID}/options`)
      return jsonResponse(200, {
        KNIFE_SWAP_INTERVAL: { value: null, effective: 3000, source: 'DEFAULT' },
        NO_CUTS_PROMPT_DELAY: { value: 10, effective: 10, source: 'PRINTING_SHOP' },
      });
    if (url === `${ps}/printing-shops/${LOCATION_ID}` && method === 'GET') return jsonResponse(200, LOCATION);
    if (url === `${ps}/printing-shops/${LOCATION_ID}/shift-calendar` && method === 'GET')
      return jsonResponse(200, SHIFT_CALENDAR);
    if (url.startsWith(`${ps}/printing-shops/${LOCATION_ID}/planned-production-time`))
      return jsonResponse(200, PLANNED_TIME);
    if (url === `${ps}/cutting-machines/serial-numbers/unused`) return jsonResponse(200, ['PM-176-0006']);
    if (url === `${ps}/cutting-machines/${MACHINE_ID}/status-view`)
      return jsonResponse(200, machineView(MACHINE_ID, { totalCuts: 10, cutsToday: 4, statusSince: NOW }));
    if (url.startsWith(`${ps}/cutting-machines/admin-view?`))
      return jsonResponse(200, {
        machines: [
          {
            ...MACHINE,
            renewalDate: '2027-01-01',
            annualNetCents: 30000,
            onlineStatus: 'ONLINE',
            status: 'RUNNING',
            statusSince: NOW,
            cutsToday: 4,
          },
        ],
        licensing: {
          licensedMachines: 1,
          unlicensedMachines: 0,
          unusedLicences: 1,
          orderedLicences: [
            {
              id: '7d4c2b1a-0000-4000-8000-00000000a001',
              manufacturer: 'Polar',
              model: 'N 137 Plus',
              orderedAt: '2026-11-15T10:00:00.000Z',
              invoiceNumber: 'RE-2026-001002',
            },
          ],
          licences: 3,
          renewalDate: '2027-01-01',
          annualNetCents: 90000,
          monthlyNetCentsPerMachine: 2500,
          currency: 'EUR',
        },
      });
    if (url === `${ps}/network-admin`)
      return jsonResponse(200, { name: 'Stefan Krause', phone: '+49 89 1234567', email: 'netz@example.com' });
    if (url.startsWith('/api/printing-shop/notifications?') || url === '/api/printing-shop/notifications')
      return jsonResponse(200, { items: [], unread: 0 });
    return jsonResponse(404, { code: 'common.NOT_FOUND', message: 'x' });
  });
}

export function signIn() {
  window.localStorage.setItem('bearerToken', 'b');
  window.localStorage.setItem('refreshToken', 'r');
}

export const calls = (fetch: ReturnType<typeof fakePrintingShopServer>, method: string, path: string) =>
  fetch.mock.calls.filter(
    ([input, init]) => String(input).startsWith(path) && (init?.method ?? 'GET') === method,
  );
