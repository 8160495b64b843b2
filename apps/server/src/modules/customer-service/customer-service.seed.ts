import type { MachineAccessState, Role, ServiceType } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { recordAudit } from '../../db/audit.repository';
import { queryRows } from '../../db/client';
import type { Transactions, Tx } from '../../db/transactions';
import { findTenantBySlug, saveNetworkAdmin } from '../auth/index';
import { insertMachine, setPresence } from '../machines/index';
import { insertLocation } from '../printing-shop/index';
import { insertMachineAccess } from './machine-accesses.repository';
import { GATE_MANAGER, SERVICE_PROTOCOLS } from './machine-accesses.service';
import { grantManufacturer, upsertManufacturer } from './manufacturers.repository';
import {
  insertServiceArea,
  replaceServiceAreaCustomers,
  replaceUserServiceAreas,
} from './service-areas.repository';

const SYSTEM = { tenantId: '00000000-0000-0000-0000-000000000000', userId: null } as const;
const MINUTE = 60_000;
const DAY = 86_400_000;

/** The make of the demo manufacturer: the demo printing shop's machines are Polar cutters. */
const DEMO_MAKE = 'Polar';

/** Registers the demo manufacturer tenant's make in the manufacturer directory. */
async function seedDemoManufacturer(tx: Tx, manufacturerTenantId: string, name: string) {
  await upsertManufacturer(tx, manufacturerTenantId, name, DEMO_MAKE);
}

/** A site and machines of the smaller demo customers; their site managers were last heard of days ago. */
const DEMO_CUSTOMER_SITES: Record<
  string,
  {
    location: Parameters<typeof insertLocation>[2];
    machines: { name: string; serial: string; manufacturer: string; type: string; width: number }[];
    contact: { name: string; phone: string; email: string };
  }
> = {
  'demo-at': {
    location: {
      name: 'Druckzentrum Innsbruck',
      street: 'Grabenweg',
      streetNumber: '68',
      zip: '6020',
      city: 'Innsbruck',
      country: 'AT',
      knifeSwapInterval: 3000,
    },
    machines: [
      {
        name: 'Schneidanlage 1',
        serial: 'AT-115-0201',
        manufacturer: 'Polar',
        type: 'N 115 PLUS',
        width: 1150,
      },
      {
        name: 'Schneidanlage 2',
        serial: 'AT-137-0202',
        manufacturer: 'Polar',
        type: 'N 137 PRO',
        width: 1370,
      },
    ],
    contact: { name: 'Martina Gruber', phone: '+43512345678', email: 'it@druckhaus-alpenblick.example' },
  },
  'demo-nl': {
    location: {
      name: 'Vestiging Utrecht',
      street: 'Vaartsche Rijn',
      streetNumber: '41',
      zip: '3523 BK',
      city: 'Utrecht',
      country: 'NL',
      knifeSwapInterval: 2800,
    },
    machines: [
      {
        name: 'Snijmachine 1',
        serial: 'NL-115-0301',
        manufacturer: 'Polar',
        type: 'N 115 PLUS',
        width: 1150,
      },
      { name: 'Snijmachine 2', serial: 'NL-92-0302', manufacturer: 'Perfecta', type: '92 TS', width: 920 },
    ],
    contact: { name: 'Joost van Dijk', phone: '+31302345678', email: 'beheer@drukkerij-devaart.example' },
  },
};

/** The site, machines and network admin of a smaller demo customer (nothing for other slugs). */
export async function seedDemoCustomerSite(tx: Tx, tenantId: string, slug: string) {
  const site = DEMO_CUSTOMER_SITES[slug];
  if (!site) return;
  const locationId = await insertLocation(tx, tenantId, site.location);
  for (const [index, machine] of site.machines.entries()) {
    await insertMachine(tx, tenantId, {
      name: machine.name,
      serialNumber: machine.serial,
      locationId,
      manufacturer: machine.manufacturer,
      type: machine.type,
      designation: `${machine.manufacturer} ${machine.type}`,
      cuttingWidth: machine.width,
    });
    // their site managers were last heard of days ago
    await setPresence(tx, machine.serial, 'OFFLINE', new Date(Date.now() - (index + 2) * DAY).toISOString());
  }
  await saveNetworkAdmin(tx, tenantId, site.contact);
}

interface HistoryEntry {
  serial: string;
  serviceType: ServiceType;
  state: MachineAccessState;
  daysAgo: number;
  /** local-ish hour of day (UTC) the connection was opened */
  hour: number;
  minutes: number;
  user: 'support' | 'dev';
  latencyMs: number | null;
  failureReason?: string;
}

/** Four weeks of remote-service connections: every service type, every state. */
const HISTORY: HistoryEntry[] = [
  {
    serial: 'PM-115-0001',
    serviceType: 'REMOTE_DESKTOP',
    state: 'CLOSED',
    daysAgo: 26,
    hour: 8,
    minutes: 34,
    user: 'support',
    latencyMs: 41,
  },
  {
    serial: 'PM-137-0003',
    serviceType: 'LOG_DOWNLOAD',
    state: 'CLOSED',
    daysAgo: 21,
    hour: 13,
    minutes: 6,
    user: 'dev',
    latencyMs: 38,
  },
  {
    serial: 'PM-92-0004',
    serviceType: 'VPN',
    state: 'FAILED',
    daysAgo: 17,
    hour: 6,
    minutes: 0,
    user: 'dev',
    latencyMs: null,
    failureReason: 'site manager not reachable (machine OFFLINE)',
  },
  {
    serial: 'PM-92-0004',
    serviceType: 'VPN',
    state: 'CLOSED',
    daysAgo: 17,
    hour: 9,
    minutes: 52,
    user: 'dev',
    latencyMs: 63,
  },
  {
    serial: 'PM-115-0002',
    serviceType: 'REMOTE_DESKTOP',
    state: 'CLOSED',
    daysAgo: 12,
    hour: 10,
    minutes: 18,
    user: 'support',
    latencyMs: 44,
  },
  {
    serial: 'PM-137-0005',
    serviceType: 'LOG_DOWNLOAD',
    state: 'CLOSED',
    daysAgo: 8,
    hour: 14,
    minutes: 3,
    user: 'support',
    latencyMs: 52,
  },
  {
    serial: 'PM-115-0001',
    serviceType: 'VPN',
    state: 'CLOSED',
    daysAgo: 5,
    hour: 7,
    minutes: 71,
    user: 'dev',
    latencyMs: 47,
  },
  {
    serial: 'PM-137-0003',
    serviceType: 'REMOTE_DESKTOP',
    state: 'FAILED',
    daysAgo: 2,
    hour: 15,
    minutes: 0,
    user: 'support',
    latencyMs: null,
    failureReason: 'gate manager session refused: site manager busy',
  },
  {
    serial: 'PM-137-0003',
    serviceType: 'REMOTE_DESKTOP',
    state: 'CLOSED',
    daysAgo: 2,
    hour: 15,
    minutes: 22,
    user: 'support',
    latencyMs: 39,
  },
  {
    serial: 'NL-115-0301',
    serviceType: 'LOG_DOWNLOAD',
    state: 'CLOSED',
    daysAgo: 9,
    hour: 11,
    minutes: 4,
    user: 'dev',
    latencyMs: 71,
  },
  {
    serial: 'NL-92-0302',
    serviceType: 'VPN',
    state: 'FAILED',
    daysAgo: 3,
    hour: 8,
    minutes: 0,
    user: 'dev',
    latencyMs: null,
    failureReason: 'site manager not reachable (machine OFFLINE)',
  },
];

/**
 * Service areas DACH and Benelux with the provider's staff and the demo customers in them, the
 * demo printing shop's grant for the demo manufacturer, and a history of remote-service
 * connections (with the audit entries the customers' admins read). Runs once: a provider tenant
 * that already has service areas is left as it is.
 */
export async function seedDemoCustomerService(
  transactions: Transactions,
  slugs: { provider: string; dach: string[]; benelux: string[]; manufacturer: string; grantedBy: string },
) {
  const all = [slugs.provider, ...slugs.dach, ...slugs.benelux, slugs.manufacturer, slugs.grantedBy];
  const tenants = await transactions.withPlatform(
    { actor: SYSTEM, action: 'platform.seed.customer-service' },
    async (tx) => {
      const found = new Map<string, { id: string; name: string }>();
      for (const slug of all) {
        const tenant = await findTenantBySlug(tx, slug);
        if (tenant) found.set(slug, { id: tenant.id, name: tenant.name });
      }
      return found;
    },
  );
  const provider = tenants.get(slugs.provider);
  if (!provider) return;
  const ids = (list: string[]) => list.flatMap((slug) => (tenants.get(slug) ? [tenants.get(slug)!.id] : []));

  const staff = await transactions.withTenant(provider.id, async (tx) => {
    const [existing] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM service_areas`);
    if (Number(existing?.n) > 0) return null;
    const users = await queryRows<{
      id: string;
      username: string;
      first_name: string;
      last_name: string;
      role: Role;
    }>(tx, sql`SELECT id, username, first_name, last_name, role FROM users WHERE deleted_at IS NULL`);
    const byName = new Map(users.map((user) => [user.username, user]));
    const dach = await insertServiceArea(tx, provider.id, 'DACH');
    const benelux = await insertServiceArea(tx, provider.id, 'Benelux');
    await replaceServiceAreaCustomers(tx, provider.id, dach, ids(slugs.dach));
    await replaceServiceAreaCustomers(tx, provider.id, benelux, ids(slugs.benelux));
    const assign = async (username: string, areas: string[]) => {
      const user = byName.get(username);
      if (user) await replaceUserServiceAreas(tx, provider.id, user.id, areas);
    };
    await assign('service-admin', [dach, benelux]);
    await assign('support', [dach]);
    await assign('dev', [dach, benelux]);
    return byName;
  });
  if (!staff) return;

  const manufacturer = tenants.get(slugs.manufacturer);
  if (manufacturer) {
    await transactions.withPlatform(
      { actor: SYSTEM, action: 'platform.seed.manufacturer', targetTenantId: manufacturer.id },
      (tx) => seedDemoManufacturer(tx, manufacturer.id, manufacturer.name),
    );
    const granting = tenants.get(slugs.grantedBy);
    if (granting) {
      await transactions.withTenant(granting.id, (tx) =>
        grantManufacturer(tx, granting.id, manufacturer.id, null),
      );
    }
  }

  // Connection history, per customer tenant (the rows and the audit entries are the customer's).
  const now = Date.now();
  const today = Date.UTC(
    new Date(now).getUTCFullYear(),
    new Date(now).getUTCMonth(),
    new Date(now).getUTCDate(),
  );
  const history = [
    ...HISTORY,
    // one connection open right now
    {
      serial: 'PM-115-0002',
      serviceType: 'REMOTE_DESKTOP',
      state: 'ACTIVE',
      daysAgo: -1,
      hour: 0,
      minutes: 0,
      user: 'support',
      latencyMs: 42,
    } as HistoryEntry,
  ];
  for (const slug of [...slugs.dach, ...slugs.benelux]) {
    const tenant = tenants.get(slug);
    if (!tenant) continue;
    await transactions.withTenant(tenant.id, async (tx) => {
      const machines = await queryRows<{ id: string; serial_number: string }>(
        tx,
        sql`SELECT id, serial_number FROM cutting_machines WHERE deleted_at IS NULL`,
      );
      const bySerial = new Map(machines.map((m) => [m.serial_number, m.id]));
      const [site] = await queryRows<{ serial: string | null }>(
        tx,
        sql`SELECT site_manager_serial AS serial FROM tenants WHERE id = ${tenant.id}`,
      );
      for (const entry of history) {
        const machineId = bySerial.get(entry.serial);
        const user = staff.get(entry.user);
        if (!machineId || !user) continue;
        const openedAt =
          entry.daysAgo < 0
            ? new Date(now - 25 * MINUTE)
            : new Date(today - entry.daysAgo * DAY + entry.hour * 3_600_000 + 17 * MINUTE);
        const closedAt =
          entry.state === 'ACTIVE'
            ? null
            : new Date(openedAt.getTime() + Math.max(1, entry.minutes) * MINUTE);
        const name = `${user.first_name} ${user.last_name}`;
        const id = await insertMachineAccess(tx, {
          tenantId: tenant.id,
          machineId,
          serviceType: entry.serviceType,
          state: entry.state,
          actorTenantId: provider.id,
          actorUserId: user.id,
          actorName: name,
          actorRole: user.role,
          openedAt,
          closedAt,
          diagnostics: {
            gateManager: GATE_MANAGER,
            siteManagerSerial: site?.serial ?? null,
            protocol: SERVICE_PROTOCOLS[entry.serviceType],
            latencyMs: entry.latencyMs,
            failureReason: entry.failureReason ?? null,
          },
        });
        const details = {
          actorTenantId: provider.id,
          actorTenantName: provider.name,
          actorName: name,
          actorRole: user.role,
          label: entry.serial,
        };
        await recordAudit(tx, {
          tenantId: tenant.id,
          actorUserId: user.id,
          action: 'customer-service.machine.read',
          targetType: 'machine',
          targetId: machineId,
          details,
          at: new Date(openedAt.getTime() - 2 * MINUTE),
        });
        await recordAudit(tx, {
          tenantId: tenant.id,
          actorUserId: user.id,
          action: 'customer-service.machine-access.open',
          targetType: 'machine-access',
          targetId: id,
          details,
          at: openedAt,
        });
      }
    });
  }
}
