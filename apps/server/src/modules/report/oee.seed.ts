import type { Tx } from '../../db/transactions';
import { DEMO_MACHINE_SERIALS } from '../machines/index';
import { insertIdealRateBySerial } from './oee.repository';

/**
 * Demo (issue 36): the first demo machine has a configured ideal rate of 600 cuts an hour (its
 * history cuts about 7 a running minute, so its performance shows around 70 %); the others are
 * measured against their best hour of the last 30 days, or not at all while they have no cuts.
 */
export async function seedDemoIdealCutRates(tx: Tx, tenantId: string): Promise<void> {
  await insertIdealRateBySerial(tx, tenantId, DEMO_MACHINE_SERIALS[0]!, 600);
}
