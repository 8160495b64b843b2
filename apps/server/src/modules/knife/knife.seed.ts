import type { Tx } from '../../db/transactions';
import { insertKnife } from './knives.repository';

/** The twelve knives of the demo printing shop: eight at its first location, four at the second. */
export async function seedDemoKnives(tx: Tx, tenantId: string, locations: { main: string; second: string }) {
  for (let index = 0; index < 12; index++) {
    await insertKnife(tx, tenantId, {
      rfid: `E2801160${String(index + 1).padStart(8, '0')}`,
      articleNumber: `PM-K-${1150 + (index % 3) * 110}`,
      knifeClassName: index % 2 === 0 ? 'HSS standard' : 'HSS long-life',
      height: 128 - index * 0.4,
      backThickness: 13.5,
      locationId: index < 8 ? locations.main : locations.second,
    });
  }
}
