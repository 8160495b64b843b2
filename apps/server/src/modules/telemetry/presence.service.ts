import type { Transactions } from '../../db/transactions';
import type { MachineChangeSink } from '../../live/machine-change';
import { setPresence } from '../machines/index';

/** The agents' presence (MQTT retained message and last will). */
export function createPresenceService(deps: { transactions: Transactions; changes?: MachineChangeSink }) {
  const { transactions } = deps;

  /** The agent's retained presence message, or its last will; the machine's view goes live after commit. */
  async function recordPresence(tenantId: string, serial: string, state: 'ONLINE' | 'OFFLINE', at: string) {
    const change = await transactions.withTenant(tenantId, (tx) => setPresence(tx, serial, state, at));
    if (change) deps.changes?.committed(tenantId, [{ kind: 'ONLINE', machineId: change.machineId }]);
    return change;
  }

  return { recordPresence };
}
