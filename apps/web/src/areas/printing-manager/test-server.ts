import type { MachineStatusView } from '@kerf/contracts';
import { vi } from 'vitest';
import { localMidnight } from '../../test/machine-view';
import { jsonResponse, SELF } from '../../test/render';

export const LOCATION_ID = '11111111-1111-4111-8111-111111111111';
export const MACHINE_ID = '22222222-2222-4222-8222-222222222222';
const OPERATOR_ID = '33333333-3333-4333-8333-333333333333';
const JOB_ID = '44444444-4444-4444-8444-444444444444';
export const RFID = 'E200-3412-0001';
const NOW = '2026-11-21T09:00:00.000Z';

const MANAGER = {
  ...SELF,
  username: 'manager',
  firstName: 'Markus',
  lastName: 'Weber',
  role: 'PRINTING_SHOP_MANAGER',
};

const LOCATION = {
  id: LOCATION_ID,
  name: 'Werk Nord',
  street: 'Industriestraße',
  streetNumber: '12',
  zip: '20457',
  city: 'Hamburg',
  country: 'DE',
  knifeSwapInterval: 3500,
  numberOfMachines: 1,
  numberOfEmployees: 1,
  uptimeLast24h: 0.5,
  createdAt: NOW,
  updatedAt: NOW,
};

const MACHINE = {
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
  totalCuts: 10_000,
  knivesCount: 2,
  licensedAt: '2026-01-02T00:00:00.000Z',
  network: {
    connection: 'ETHERNET',
    addressMode: 'DHCP',
    ipAddress: null,
    subnetMask: null,
    gateway: null,
    dnsServer: null,
    networkName: null,
    security: null,
    passwordSet: false,
  },
  networkContact: { name: null, phone: null },
  networkSetupState: 'ALL_SETTINGS_CORRECT',
  createdAt: NOW,
  updatedAt: NOW,
};

/** The machine's view as the server builds it (`GET …/status-view` and every live machine event). */
export const STATUS_VIEW: MachineStatusView = {
  machineId: MACHINE_ID,
  name: 'Schneider 1',
  serialNumber: 'PM-115-0001',
  revision: 40,
  asOf: NOW,
  status: 'RUNNING',
  statusGroup: 'PRODUCING',
  statusSince: '2026-11-21T08:00:00.000Z',
  operator: { id: OPERATOR_ID, displayName: 'Jonas S.' },
  onlineStatus: 'ONLINE',
  lastSeenAt: NOW,
  totalCuts: 10_000,
  lastCutAt: NOW,
  cutsToday: 180,
  dayStartedAt: localMidnight(),
  knife: {
    rfid: RFID,
    cutsSinceLastGrinding: 2_000,
    totalCuts: 40_000,
    knifeSwapInterval: 3_500,
    swapUrgency: 'OK',
  },
  currentJob: {
    id: JOB_ID,
    name: 'Flyer Stadtfest',
    orderNumber: 'A-2026-117',
    programNumber: null,
    parentJobId: null,
    startDate: '2026-11-21T07:00:00.000Z',
    cuts: 240,
  },
};

const REPORT_MACHINE = {
  id: MACHINE_ID,
  name: 'Schneider 1',
  serialNumber: 'PM-115-0001',
  locationId: LOCATION_ID,
  locationName: 'Werk Nord',
};

/** 24 hours from 08:00 yesterday: running, a missing-material stop, then running again; 10 cuts an hour. */
export function last24h(to = '2026-11-21T09:00:00.000Z') {
  const end = Date.parse(to);
  const from = new Date(end - 24 * 3_600_000).toISOString();
  const at = (hours: number) => new Date(end - hours * 3_600_000).toISOString();
  return [
    {
      machine: REPORT_MACHINE,
      from,
      to,
      segments: [
        { status: 'NO_DATA', from, to: at(20) },
        { status: 'RUNNING', from: at(20), to: at(3) },
        { status: 'INTERRUPTION_PRINTING_MATERIAL_MISSING', from: at(3), to: at(2) },
        { status: 'RUNNING', from: at(2), to },
      ],
      cutsPerHour: Array.from({ length: 24 }, (_, i) => ({ start: at(24 - i), cuts: 10 })),
    },
  ];
}

const statuses = [
  { status: 'RUNNING', seconds: 18 * 3600 },
  { status: 'INTERRUPTION_PRINTING_MATERIAL_MISSING', seconds: 3600 },
  { status: 'INTERRUPTION_PRINTING_WASTE_DISPOSAL', seconds: 1200 },
  { status: 'NO_DATA', seconds: 4 * 3600 },
];

const JOB = {
  id: JOB_ID,
  name: 'Flyer Stadtfest',
  orderNumber: 'A-2026-117',
  programNumber: null,
  state: 'OPEN',
  parentJobId: null,
  machine: REPORT_MACHINE,
  startDate: '2026-11-21T07:00:00.000Z',
  endDate: null,
  durationSeconds: 7200,
  cuts: 240,
  processingSeconds: 6000,
  downtimeSeconds: 600,
  supportSeconds: 600,
};

const WEEK = [
  '2026-03-23',
  '2026-03-24',
  '2026-03-25',
  '2026-03-26',
  '2026-03-27',
  '2026-03-28',
  '2026-03-29',
];

/** Werk Nord's planned production time in the week the clocks go forward: two shifts a weekday, a Saturday shift. */
const PLANNED_TIME = {
  printingShopId: LOCATION_ID,
  timeZone: 'Europe/Berlin',
  from: WEEK[0],
  to: WEEK[6],
  days: WEEK.map((date, index) => ({ date, weekday: index + 1, holiday: null })),
  machines: [
    {
      machineId: MACHINE_ID,
      name: 'Schneider 1',
      serialNumber: 'PM-115-0001',
      days: WEEK.map((date, index) => ({
        date,
        plannedSeconds: index < 5 ? 54_000 : index === 5 ? 21_600 : 0,
        shifts: [],
      })),
      totalSeconds: 5 * 54_000 + 21_600,
    },
  ],
};

export type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;

/** The servers as the manager's screens see them (printing shop and report); `override` answers first. */
export function fakeManagerServer(override?: Handler) {
  return vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const answer = override?.(url, init);
    if (answer) return answer;
    const ps = '/api/printing-shop';
    const rp = '/api/report/reports';
    if (url.startsWith('/api/auth/users/self')) return jsonResponse(200, MANAGER);
    if (url === `${ps}/printing-shops/assigned-self`)
      return jsonResponse(200, [{ id: LOCATION_ID, name: 'Werk Nord' }]);
    if (url.startsWith(`${ps}/printing-shops/minimal-info`))
      return jsonResponse(200, {
        items: [{ id: LOCATION_ID, name: 'Werk Nord' }],
        page: 0,
        pageSize: 1000,
        total: 1,
      });
    if (url.startsWith(`${ps}/printing-shops?`))
      return jsonResponse(200, { items: [LOCATION], page: 0, pageSize: 10, total: 1 });
    if (url === `${ps}/printing-shops/${LOCATION_ID}/cutting-machines`) return jsonResponse(200, [MACHINE]);
    if (url === `${ps}/printing-shops/${LOCATION_ID}/user-view`)
      return jsonResponse(200, [
        {
          ...SELF,
          id: OPERATOR_ID,
          username: 'operator',
          firstName: 'Jonas',
          lastName: 'Schmidt',
          displayName: 'Jonas S.',
          role: 'PRINTING_SHOP_OPERATOR',
          printingShopIds: [LOCATION_ID],
          tenant: undefined,
          permissions: undefined,
        },
      ]);
    if (url === `${ps}/printing-shops/${LOCATION_ID}/options`)
      return jsonResponse(200, {
        KNIFE_SWAP_INTERVAL: { value: 3500, effective: 3500, source: 'PRINTING_SHOP' },
      });
    if (url === `${ps}/printing-shops/${LOCATION_ID}`) return jsonResponse(200, LOCATION);
    if (url.startsWith(`${ps}/printing-shops/${LOCATION_ID}/planned-production-time`))
      return jsonResponse(200, PLANNED_TIME);
    if (url === `${ps}/cutting-machines/${MACHINE_ID}/status-view`) return jsonResponse(200, STATUS_VIEW);
    if (url === `${ps}/cutting-machines/${MACHINE_ID}`) return jsonResponse(200, MACHINE);
    if (url.startsWith(`${rp}/cutting-machines/uptime-last-24h?`)) return jsonResponse(200, last24h());
    if (url.startsWith(`${rp}/cutting-machines/used-knives-count?`))
      return jsonResponse(200, [
        {
          machine: REPORT_MACHINE,
          count: 2,
          knives: [
            { rfid: RFID, cuts: 200 },
            { rfid: 'E200-3412-0002', cuts: 40 },
          ],
        },
      ]);
    if (url.startsWith(`${rp}/cutting-machines/total-uptime?`))
      return jsonResponse(200, [{ machine: REPORT_MACHINE, statuses, cuts: 240 }]);
    if (url.startsWith(`${rp}/cutting-machines/average-uptime?`))
      return jsonResponse(200, [
        {
          machine: REPORT_MACHINE,
          uptimeSeconds: 18 * 3600,
          periodSeconds: 24 * 3600,
          averageDailyUptimeSeconds: 18 * 3600,
          cuts: 240,
        },
      ]);
    if (url.startsWith(`${rp}/cutting-jobs?`))
      return jsonResponse(200, { items: [JOB], page: 0, pageSize: 25, total: 1 });
    if (url.startsWith(`${rp}/employees/total-times?`))
      return jsonResponse(200, { statuses, cuts: 240, employees: 1 });
    if (url === `${rp}/read-source`)
      return jsonResponse(200, { source: 'PRIMARY', lagSeconds: 0, checkedAt: NOW });
    if (url.startsWith(`${rp}/employees/cuts-chart?`))
      return jsonResponse(200, [
        { employee: { id: OPERATOR_ID, label: 'Jonas S.', pseudonym: true }, cuts: 240 },
      ]);
    if (url.startsWith(`${rp}/employees/cuts-per-hour-chart?`))
      return jsonResponse(200, {
        bucketSize: 'HOUR',
        series: [
          {
            employee: { id: OPERATOR_ID, label: 'Jonas S.', pseudonym: true },
            buckets: last24h()[0]?.cutsPerHour,
          },
        ],
      });
    if (url.startsWith(`${rp}/employees/times-chart-for-range?`))
      return jsonResponse(200, [
        { employee: { id: OPERATOR_ID, label: 'Jonas S.', pseudonym: true }, statuses, cuts: 240 },
      ]);
    if (url.startsWith(`${rp}/knives/cuts-total?`))
      return jsonResponse(200, [
        {
          rfid: RFID,
          articleNumber: '4711',
          knifeClassName: 'HSS 115',
          cuts: 240,
          machines: [{ id: MACHINE_ID, name: 'Schneider 1', cuts: 240 }],
        },
      ]);
    if (url.startsWith(`${rp}/knives/knife-cycles?`))
      return jsonResponse(200, [
        {
          rfid: RFID,
          articleNumber: '4711',
          knifeClassName: 'HSS 115',
          cycles: 2,
          averageCutsPerCycle: 3_200,
          cutsSinceLastGrinding: 2_000,
          swapUrgency: 'OK',
          cycleCuts: [
            { sharpenedAt: '2026-11-10T08:00:00.000Z', cuts: 3_100 },
            { sharpenedAt: '2026-11-18T08:00:00.000Z', cuts: 3_300 },
          ],
        },
      ]);
    if (url.startsWith('/api/printing-shop/notifications?') || url === '/api/printing-shop/notifications')
      return jsonResponse(200, { items: [], unread: 0 });
    return jsonResponse(404, { code: 'common.NOT_FOUND', message: 'x' });
  });
}

export function signIn() {
  window.localStorage.setItem('bearerToken', 'b');
  window.localStorage.setItem('refreshToken', 'r');
}

export const requests = (fetch: ReturnType<typeof fakeManagerServer>, path: string) =>
  fetch.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith(path));
