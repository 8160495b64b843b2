import type { Tx } from '../../db/transactions';
import { insertMachineRow } from './cutting-machines.repository';
import { findFirstMachines, findMachineIdBySerial } from './demo.repository';

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

/** A machine with the defaults of the demo fleet (seed and test fixtures): licensed, on Ethernet, set up. */
export async function insertMachine(tx: Tx, tenantId: string, machine: NewMachine): Promise<{ id: string }> {
  const id = await insertMachineRow(tx, tenantId, {
    name: machine.name,
    serialNumber: machine.serialNumber,
    locationId: machine.locationId ?? null,
    manufacturer: machine.manufacturer ?? 'Polar',
    designation: machine.designation ?? null,
    type: machine.type ?? 'N 115 PLUS',
    cuttingWidth: machine.cuttingWidth ?? 1150,
    knifeSwapInterval: machine.knifeSwapInterval ?? null,
    licensedAt: new Date(),
    networkConnection: 'ETHERNET',
    networkAddressMode: 'DHCP',
    networkSetupState: 'ALL_SETTINGS_CORRECT',
  });
  return { id };
}

/** Serial numbers of the demo tenant's machines: stable, because the simulator and docs use them. */
export const DEMO_MACHINE_SERIALS = [
  'PM-115-0001',
  'PM-115-0002',
  'PM-137-0003',
  'PM-92-0004',
  'PM-137-0005',
];

/** The five machines of the demo printing shop, three at its first location and two at the second. */
export async function seedDemoMachines(
  tx: Tx,
  tenantId: string,
  locations: { main: string; second: string },
) {
  const specs = [
    { name: 'Schneider 1', type: 'N 115 PLUS', width: 1150, location: locations.main },
    { name: 'Schneider 2', type: 'N 115 PLUS', width: 1150, location: locations.main },
    { name: 'Schneider 3', type: 'N 137 PRO', width: 1370, location: locations.main },
    { name: 'Schneider 4', type: 'N 92 PLUS', width: 920, location: locations.second },
    { name: 'Schneider 5', type: 'N 137 PRO', width: 1370, location: locations.second },
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
}

/** The first `count` machines of the tenant by serial, adding simulated ones (PM-SIM-0001 …) as needed. */
export async function ensureDemoMachines(tx: Tx, tenantId: string, count: number): Promise<string[]> {
  const existing = await findFirstMachines(tx, count);
  const ids = existing.map((row) => row.id);
  const locationId = existing[0]?.location_id ?? null;
  for (let n = 1; ids.length < count; n++) {
    const serialNumber = `PM-SIM-${String(n).padStart(4, '0')}`;
    const found = await findMachineIdBySerial(tx, serialNumber);
    if (found) {
      if (!ids.includes(found)) ids.push(found);
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
