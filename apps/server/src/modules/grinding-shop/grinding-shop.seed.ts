import type { Tx } from '../../db/transactions';
import { insertUser } from '../auth/index';
import { insertLocation, replaceUserLocations } from '../printing-shop/index';
import { saveCurrentLocation } from './current-locations.repository';
import { findDemoUsers } from './demo.repository';
import { insertGrindingMachine } from './grinding-machines.repository';

/** Straight-knife grinders for guillotine knives: makes of the trade, models described by their bed length. */
const MACHINES = [
  {
    at: 'main',
    name: 'Flachschleifer 1',
    manufacturer: 'Kolb',
    designation: 'Messerschleifmaschine 2.200',
    serialNumber: 'KOLB-2200-1187',
    maxKnifeLength: 2200,
  },
  {
    at: 'main',
    name: 'Flachschleifer 2',
    manufacturer: 'Tuerlinckx',
    designation: 'Messerschleifmaschine 3.200',
    serialNumber: 'TLX-3200-0456',
    maxKnifeLength: 3200,
  },
  {
    at: 'main',
    name: 'Nachschleifplatz',
    manufacturer: 'IMAS',
    designation: 'Messerschleifmaschine 1.600',
    serialNumber: 'IMAS-1600-2291',
    maxKnifeLength: 1600,
    active: false,
  },
  {
    at: 'second',
    name: 'Schleifstraße Nord',
    manufacturer: 'Kolb',
    designation: 'Messerschleifmaschine 4.200',
    serialNumber: 'KOLB-4200-0932',
    maxKnifeLength: 4200,
  },
] as const;

const GRINDERS = [
  { username: 'k.schulz', firstName: 'Karl', lastName: 'Schulz', personnelNumber: '0318', at: 'main' },
  { username: 'm.yilmaz', firstName: 'Mehmet', lastName: 'Yılmaz', personnelNumber: '0322', at: 'second' },
  { username: 'j.fischer', firstName: 'Julia', lastName: 'Fischer', personnelNumber: '0327', at: 'second' },
] as const;

/**
 * The demo grinding shop (Schleiferei Muster KG): two locations, grinding machines at both, a few
 * more grinders, every employee assigned, the grinders with a current location. The demo users
 * (admin, grinder) exist already; the extra grinders get `passwordHash` (the demo password's).
 */
export async function seedDemoGrindingShop(tx: Tx, tenantId: string, passwordHash: string) {
  const main = await insertLocation(tx, tenantId, {
    name: 'Schleifwerk Bielefeld',
    street: 'Eckendorfer Straße',
    streetNumber: '91',
    zip: '33609',
    city: 'Bielefeld',
    country: 'DE',
    knifeSwapInterval: null,
  });
  const second = await insertLocation(tx, tenantId, {
    name: 'Servicestelle Leipzig',
    street: 'Torgauer Straße',
    streetNumber: '231',
    zip: '04347',
    city: 'Leipzig',
    country: 'DE',
    knifeSwapInterval: null,
  });
  const at = { main, second };
  for (const machine of MACHINES) {
    const { at: where, ...values } = machine;
    await insertGrindingMachine(tx, tenantId, {
      ...values,
      locationId: at[where],
      active: 'active' in values ? values.active : true,
    });
  }
  for (const grinder of GRINDERS) {
    const { at: where, ...values } = grinder;
    const row = await insertUser(tx, tenantId, {
      ...values,
      passwordHash,
      email: null,
      displayName: null,
      role: 'GRINDER',
      language: null,
      active: true,
    });
    await replaceUserLocations(tx, tenantId, row.id, [at[where]]);
    await saveCurrentLocation(tx, tenantId, row.id, at[where]);
  }
  const demoUsers = await findDemoUsers(tx);
  for (const user of demoUsers) {
    await replaceUserLocations(tx, tenantId, user.id, user.role === 'GRINDER' ? [main, second] : [main]);
    if (user.role === 'GRINDER') await saveCurrentLocation(tx, tenantId, user.id, main);
  }
  return at;
}
