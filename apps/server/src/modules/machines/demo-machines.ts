import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/transactions';

const run = async (tx: Tx, query: SQL) => (await tx.execute(query)) as unknown as { rows: unknown[] };

export interface NewMachine {
  name: string;
  serialNumber: string;
  locationId?: string | null;
  manufacturer?: string;
  designation?: string;
  type?: string;
  cuttingWidth?: number;
  knifeSwapInterval?: number | null;
}

/** Inserts a machine (seed and test fixtures; the machine CRUD endpoints come with their own issue). */
export async function insertMachine(tx: Tx, tenantId: string, machine: NewMachine): Promise<{ id: string }> {
  const result = await run(
    tx,
    sql`
    INSERT INTO cutting_machines (tenant_id, name, serial_number, location_id, manufacturer, designation, type,
      cutting_width, knife_swap_interval, licensed_at, network_connection, network_address_mode, network_setup_state)
    VALUES (${tenantId}, ${machine.name}, ${machine.serialNumber}, ${machine.locationId ?? null},
      ${machine.manufacturer ?? 'Polar'}, ${machine.designation ?? null}, ${machine.type ?? 'N 115 PLUS'},
      ${machine.cuttingWidth ?? 1150}, ${machine.knifeSwapInterval ?? null}, now(), 'ETHERNET', 'DHCP', 'ALL_SETTINGS_CORRECT')
    RETURNING id`,
  );
  return result.rows[0] as { id: string };
}

export async function insertLocation(
  tx: Tx,
  tenantId: string,
  location: {
    name: string;
    street: string;
    streetNumber: string;
    zip: string;
    city: string;
    country: string;
    knifeSwapInterval?: number;
  },
): Promise<{ id: string }> {
  const result = await run(
    tx,
    sql`
    INSERT INTO locations (tenant_id, name, street, street_number, zip, city, country, knife_swap_interval)
    VALUES (${tenantId}, ${location.name}, ${location.street}, ${location.streetNumber}, ${location.zip}, ${location.city},
      ${location.country}, ${location.knifeSwapInterval ?? null})
    RETURNING id`,
  );
  return result.rows[0] as { id: string };
}

export async function insertKnife(
  tx: Tx,
  tenantId: string,
  knife: {
    rfid: string;
    articleNumber: string;
    knifeClassName: string;
    height: number;
    backThickness: number;
    locationId: string | null;
  },
) {
  await run(
    tx,
    sql`
    INSERT INTO knives (tenant_id, rfid, article_number, knife_class_name, angle_vf, angle_hf, angle_tm, height,
      back_thickness, carrier_material, material, latest_scan_location_id)
    VALUES (${tenantId}, ${knife.rfid}, ${knife.articleNumber}, ${knife.knifeClassName}, 22, 24, 19, ${knife.height},
      ${knife.backThickness}, 'steel', 'HSS', ${knife.locationId})
    ON CONFLICT DO NOTHING`,
  );
}

/** Serial numbers of the demo tenant's machines: stable, because the simulator and docs use them. */
export const DEMO_MACHINE_SERIALS = [
  'PM-115-0001',
  'PM-115-0002',
  'PM-137-0003',
  'PM-92-0004',
  'PM-137-0005',
];

/** Locations, machines and knives of the demo printing shop. Called once, when the demo tenant is created. */
export async function seedDemoMachines(tx: Tx, tenantId: string) {
  const main = await insertLocation(tx, tenantId, {
    name: 'Werk Nord',
    street: 'Industriestraße',
    streetNumber: '12',
    zip: '20457',
    city: 'Hamburg',
    country: 'DE',
    knifeSwapInterval: 3500,
  });
  const second = await insertLocation(tx, tenantId, {
    name: 'Werk Süd',
    street: 'Gutenbergweg',
    streetNumber: '3',
    zip: '80331',
    city: 'München',
    country: 'DE',
    knifeSwapInterval: 3000,
  });
  const specs = [
    { name: 'Schneider 1', type: 'N 115 PLUS', width: 1150, location: main.id },
    { name: 'Schneider 2', type: 'N 115 PLUS', width: 1150, location: main.id },
    { name: 'Schneider 3', type: 'N 137 PRO', width: 1370, location: main.id },
    { name: 'Schneider 4', type: 'N 92 PLUS', width: 920, location: second.id },
    { name: 'Schneider 5', type: 'N 137 PRO', width: 1370, location: second.id },
  ];
  for (const [index, spec] of specs.entries()) {
    await insertMachine(tx, tenantId, {
      name: spec.name,
      serialNumber: DEMO_MACHINE_SERIALS[index]!,
      locationId: spec.location,
      type: spec.type,
      cuttingWidth: spec.width,
      designation: `Polar ${spec.type}`,
    });
  }
  for (let index = 0; index < 12; index++) {
    await insertKnife(tx, tenantId, {
      rfid: `E2801160${String(index + 1).padStart(8, '0')}`,
      articleNumber: `PM-K-${1150 + (index % 3) * 110}`,
      knifeClassName: index % 2 === 0 ? 'HSS standard' : 'HSS long-life',
      height: 128 - index * 0.4,
      backThickness: 13.5,
      locationId: index < 8 ? main.id : second.id,
    });
  }
}

/** The first `count` machines of the tenant by serial, adding simulated ones (PM-SIM-0001 …) as needed. */
export async function ensureDemoMachines(tx: Tx, tenantId: string, count: number): Promise<string[]> {
  const existing = (
    await run(
      tx,
      sql`SELECT id, location_id FROM cutting_machines WHERE deleted_at IS NULL ORDER BY serial_number LIMIT ${count}`,
    )
  ).rows as { id: string; location_id: string | null }[];
  const ids = existing.map((row) => row.id);
  const locationId = existing[0]?.location_id ?? null;
  for (let n = 1; ids.length < count; n++) {
    const serialNumber = `PM-SIM-${String(n).padStart(4, '0')}`;
    const found = (await run(tx, sql`SELECT id FROM cutting_machines WHERE serial_number = ${serialNumber}`))
      .rows as {
      id: string;
    }[];
    if (found[0]) {
      if (!ids.includes(found[0].id)) ids.push(found[0].id);
      continue;
    }
    const created = await insertMachine(tx, tenantId, {
      name: `Simulator ${n}`,
      serialNumber,
      locationId,
      type: 'N 115 PLUS',
    });
    ids.push(created.id);
  }
  return ids;
}
