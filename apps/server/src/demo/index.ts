import type { Role, TenantKind } from '@kerf/contracts';
import type { Transactions } from '../db/transactions';
import type { PasswordHasher } from '../lib/password-hasher';
import { seedTenant, seedUsers } from '../modules/auth/index';
import { seedDemoBoardLinks } from '../modules/board/index';
import { seedDemoCustomerService, seedDemoCustomerSite } from '../modules/customer-service/index';
import { seedDemoGrindingShop } from '../modules/grinding-shop/index';
import { seedDemoIntegrations } from '../modules/integrations/index';
import { seedDemoKnives } from '../modules/knife/index';
import { seedDemoLogistics } from '../modules/logistics/index';
import { seedDemoMachines } from '../modules/machines/index';
import { seedDemoNotifications } from '../modules/notifications/index';
import {
  seedDemoAdministration,
  seedDemoLocations,
  seedDemoShiftCalendars,
  seedDemoTeams,
} from '../modules/printing-shop/index';
import { seedDemoContactRequests, seedDemoRegistration } from '../modules/registration/index';
import { seedDemoIdealCutRates, seedDemoPlannedOrders } from '../modules/report/index';
import { seedDemoSetupChecks } from '../modules/setup/index';

/** Platform actions without a signed-in user are recorded under the nil tenant. */
export const SYSTEM_ACTOR = { tenantId: '00000000-0000-0000-0000-000000000000', userId: null } as const;

export const DEMO_PASSWORD = 'Kerf-demo-2026';

/** The support contact the demo invoice prints (the server's default SUPPORT_PHONE / SUPPORT_EMAIL). */
const DEMO_SUPPORT = { phone: '+49 40 6094 4100', email: 'support@kerf.example' };

interface DemoUser {
  username: string;
  role: Role;
  firstName: string;
  lastName: string;
  displayName?: string;
  personnelNumber?: string;
  email?: string;
}

interface DemoTenant {
  slug: string;
  name: string;
  kind: TenantKind;
  users: DemoUser[];
}

/** docs/architecture.md "Configuration and demo data": stable names that scripts, docs and tests rely on. */
// Demo-only calls (the simulator's agents, `POST /demo/agents`) are for these tenants alone, by slug:
// in demo mode anyone may register a tenant of their own through the website (issue 31).
export const DEMO_TENANTS: DemoTenant[] = [
  {
    slug: 'demo',
    name: 'Druckerei Beispiel GmbH',
    kind: 'PRINTING_SHOP',
    users: [
      {
        username: 'admin',
        role: 'ADMIN_PRINTING_SHOP',
        firstName: 'Anna',
        lastName: 'Becker',
        email: 'anna.becker@druckerei-beispiel.example',
      },
      {
        username: 'manager',
        role: 'PRINTING_SHOP_MANAGER',
        firstName: 'Markus',
        lastName: 'Weber',
        email: 'markus.weber@druckerei-beispiel.example',
        personnelNumber: '1007',
      },
      {
        username: 'operator',
        role: 'PRINTING_SHOP_OPERATOR',
        firstName: 'Jonas',
        lastName: 'Schmidt',
        displayName: 'Jonas S.',
        personnelNumber: '1042',
      },
    ],
  },
  {
    slug: 'demo-grind',
    name: 'Schleiferei Muster KG',
    kind: 'GRINDING_SHOP',
    users: [
      {
        username: 'admin',
        role: 'ADMIN_GRINDING_SHOP',
        firstName: 'Petra',
        lastName: 'Wolf',
        email: 'petra.wolf@schleiferei-muster.example',
      },
      {
        username: 'grinder',
        role: 'GRINDER',
        firstName: 'Tomasz',
        lastName: 'Nowak',
        personnelNumber: '0311',
      },
    ],
  },
  {
    slug: 'kerf',
    name: 'Kerf',
    kind: 'PROVIDER',
    users: [
      {
        username: 'sysadmin',
        role: 'SYSTEM_ADMIN',
        firstName: 'Lena',
        lastName: 'Hoffmann',
        email: 'lena.hoffmann@kerf.example',
      },
      {
        username: 'service-admin',
        role: 'ADMIN_CUSTOMER_SERVICE',
        firstName: 'Sven',
        lastName: 'Richter',
        email: 'sven.richter@kerf.example',
      },
      {
        username: 'support',
        role: 'SERVICE_USER_SUPPORT',
        firstName: 'Aylin',
        lastName: 'Demir',
        email: 'aylin.demir@kerf.example',
      },
      {
        username: 'dev',
        role: 'SERVICE_USER_DEV',
        firstName: 'Oleg',
        lastName: 'Ivanov',
        email: 'oleg.ivanov@kerf.example',
      },
    ],
  },
  // Customers of customer service's service areas (issue 14) and a machine manufacturer.
  { slug: 'demo-at', name: 'Druckhaus Alpenblick GmbH', kind: 'PRINTING_SHOP', users: [] },
  { slug: 'demo-nl', name: 'Drukkerij De Vaart B.V.', kind: 'PRINTING_SHOP', users: [] },
  {
    slug: 'demo-maker',
    name: 'Polar Werksservice (Demo)',
    kind: 'MANUFACTURER',
    users: [
      {
        username: 'admin',
        role: 'ADMIN_MANUFACTURER',
        firstName: 'Karin',
        lastName: 'Vogel',
        email: 'karin.vogel@polar-werksservice.example',
      },
      {
        username: 'engineer',
        role: 'MANUFACTURER',
        firstName: 'Felix',
        lastName: 'Brandt',
        email: 'felix.brandt@polar-werksservice.example',
      },
    ],
  },
];

/**
 * Seeds the demo tenants and their users once; later starts find them and change nothing. Each
 * module seeds its own tables; this is the list of them, in the order their rows depend on.
 */
export async function seedDemo(deps: {
  transactions: Transactions;
  hasher: PasswordHasher;
}): Promise<{ created: string[] }> {
  const { transactions, hasher } = deps;
  const created: string[] = [];
  for (const demo of DEMO_TENANTS) {
    const tenant = await transactions.withPlatform(
      { actor: SYSTEM_ACTOR, action: 'platform.seed.tenant', details: { slug: demo.slug } },
      (tx) => seedTenant(tx, demo),
    );
    if (!tenant) continue;
    created.push(demo.slug);
    const hashes = await Promise.all(demo.users.map(() => hasher.hash(DEMO_PASSWORD)));
    await transactions.withTenant(tenant.id, async (tx) => {
      await seedUsers(
        tx,
        tenant.id,
        demo.users.map((user, index) => ({
          username: user.username,
          passwordHash: hashes[index]!,
          email: user.email ?? null,
          firstName: user.firstName,
          lastName: user.lastName,
          displayName: user.displayName ?? null,
          personnelNumber: user.personnelNumber ?? null,
          role: user.role,
          // not chosen: each demo user opens in the language of the login page until they pick one
          language: null,
          active: true,
        })),
      );
      // Locations, machines and knives of the demo printing shop (issue 4); history comes from the simulator.
      if (demo.slug === 'demo') {
        const locations = await seedDemoLocations(tx, tenant.id);
        await seedDemoMachines(tx, tenant.id, locations);
        await seedDemoKnives(tx, tenant.id, locations);
        await seedDemoAdministration(tx, tenant.id);
        await seedDemoSetupChecks(tx, tenant.id);
        await seedDemoRegistration(tx, tenant.id, { tenantSlug: demo.slug, support: DEMO_SUPPORT });
        await seedDemoIntegrations(tx, tenant.id);
        await seedDemoNotifications(tx, tenant.id);
        // Works-council teams and the planned orders of an ERP import (issue 18).
        await seedDemoTeams(tx, tenant.id);
        await seedDemoPlannedOrders(tx, tenant.id);
        // One machine with a configured ideal cut rate; the others use their best hour (OEE, issue 36).
        await seedDemoIdealCutRates(tx, tenant.id);
        // One shop-floor board link at the first location, so the admin finds one listed (issue 36).
        await seedDemoBoardLinks(tx, tenant.id, locations.main);
      }
      // Locations, grinding machines and grinders of the demo grinding shop (issue 13).
      if (demo.slug === 'demo-grind') await seedDemoGrindingShop(tx, tenant.id, hashes[0]!);
      // The smaller customers of the service areas: a site, machines, a network admin (issue 14).
      await seedDemoCustomerSite(tx, tenant.id, demo.slug);
      // The shift calendars of the printing shops' locations: weekly shifts, breaks, holidays (issue 36).
      if (demo.kind === 'PRINTING_SHOP') await seedDemoShiftCalendars(tx, tenant.id);
    });
    // Contact requests from the website belong to no tenant: stored once, with the provider tenant.
    if (demo.slug === 'kerf') {
      await transactions.withPlatform(
        { actor: SYSTEM_ACTOR, action: 'platform.seed.contact-requests' },
        (tx) => seedDemoContactRequests(tx),
      );
    }
  }
  // Service areas, the manufacturer's grant and the connection history (once, issue 14).
  await seedDemoCustomerService(transactions, {
    provider: 'kerf',
    dach: ['demo', 'demo-grind', 'demo-at'],
    benelux: ['demo-nl'],
    manufacturer: 'demo-maker',
    grantedBy: 'demo',
  });
  // Knife logistics between the demo printing shop and the demo grinding shop (issue 13).
  await seedDemoLogistics(transactions, {
    printingShop: 'demo',
    grindingShop: 'demo-grind',
    invitingShop: 'demo-at',
  });
  return { created };
}
