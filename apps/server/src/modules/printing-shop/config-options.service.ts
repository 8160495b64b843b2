import { type ConfigOptionsSchema, DEFAULT_KNIFE_SWAP_INTERVAL } from '@kerf/contracts';
import type { z } from 'zod';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { findKnifeInterval, setKnifeSwapInterval } from '../knife/index';
import { findMachine, type MachineRow, setMachineKnifeSwapInterval } from '../machines/index';
import { findLocation, setLocationKnifeSwapInterval } from './locations.repository';
import { audit, requireLocation, requireMachine } from './shared';

type ConfigOptions = z.output<typeof ConfigOptionsSchema>;
type Scope = 'PRINTING_SHOP' | 'MACHINE' | 'KNIFE';

const NOT_FOUND_OF_SCOPE = {
  PRINTING_SHOP: 'service.printing-shops.PRINTING_SHOP_NOT_FOUND',
  MACHINE: 'service.printing-shops.MACHINE_NOT_FOUND',
  KNIFE: 'service.knives.KNIFE_NOT_FOUND',
} as const;

/**
 * Config options (spec §7 `/config-options`): the knife swap interval of a location, a machine or a
 * knife. Each is written by the module that owns its table.
 */
export function createConfigOptionsService(deps: { transactions: Transactions }) {
  const { transactions } = deps;
  const inTenant = <T>(actor: Actor, fn: (tx: Tx) => Promise<T>) =>
    transactions.withTenant(actor.tenantId, fn);

  /** Own value, else inherited from the machine (knives), the location, or the default. */
  async function configOptions(tx: Tx, scope: Scope, id: string): Promise<ConfigOptions> {
    const result = (
      value: number | null,
      inherited: { value: number; source: ConfigOptions['KNIFE_SWAP_INTERVAL']['source'] },
    ) => ({
      KNIFE_SWAP_INTERVAL:
        value !== null
          ? { value, effective: value, source: scope }
          : { value: null, effective: inherited.value, source: inherited.source },
    });
    const fromLocation = async (locationId: string | null) => {
      const location = locationId ? await findLocation(tx, locationId) : null;
      return location?.knifeSwapInterval
        ? { value: location.knifeSwapInterval, source: 'PRINTING_SHOP' as const }
        : { value: DEFAULT_KNIFE_SWAP_INTERVAL, source: 'DEFAULT' as const };
    };
    const fromMachine = async (machine: MachineRow | null) =>
      machine?.knifeSwapInterval
        ? { value: machine.knifeSwapInterval, source: 'MACHINE' as const }
        : fromLocation(machine?.locationId ?? null);

    if (scope === 'PRINTING_SHOP') {
      const location = await requireLocation(tx, id);
      return result(location.knifeSwapInterval, { value: DEFAULT_KNIFE_SWAP_INTERVAL, source: 'DEFAULT' });
    }
    if (scope === 'MACHINE') {
      const machine = await requireMachine(tx, id);
      return result(machine.knifeSwapInterval, await fromLocation(machine.locationId));
    }
    const knife = await findKnifeInterval(tx, id);
    if (!knife) throw new AppError('service.knives.KNIFE_NOT_FOUND');
    const machine = knife.machineId ? await findMachine(tx, knife.machineId) : null;
    return result(knife.value, await fromMachine(machine));
  }

  async function writeOption(tx: Tx, scope: Scope, ids: string[], value: number | null) {
    const distinct = [...new Set(ids)];
    const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
    if (scope !== 'KNIFE' && !distinct.every(isUuid)) throw new AppError(NOT_FOUND_OF_SCOPE[scope]);
    const updated =
      scope === 'PRINTING_SHOP'
        ? await setLocationKnifeSwapInterval(tx, distinct, value)
        : scope === 'MACHINE'
          ? await setMachineKnifeSwapInterval(tx, distinct, value)
          : await setKnifeSwapInterval(tx, distinct, value);
    // All or nothing: an unknown id rolls the whole change back.
    if (updated !== distinct.length) throw new AppError(NOT_FOUND_OF_SCOPE[scope]);
  }

  return {
    configOptions: (actor: Actor, scope: Scope, id: string) =>
      inTenant(actor, (tx) => configOptions(tx, scope, id)),

    setConfigOption: (actor: Actor, scope: Scope, id: string, value: number | null) =>
      inTenant(actor, async (tx) => {
        await writeOption(tx, scope, [id], value);
        await audit(
          tx,
          actor,
          value === null ? 'config_option.deleted' : 'config_option.set',
          scope.toLowerCase(),
          id,
          {
            type: 'KNIFE_SWAP_INTERVAL',
            value,
          },
        );
        return configOptions(tx, scope, id);
      }),

    setConfigOptionBatch: (actor: Actor, scope: Scope, ids: string[], value: number) =>
      inTenant(actor, async (tx) => {
        await writeOption(tx, scope, ids, value);
        await audit(tx, actor, 'config_option.set', scope.toLowerCase(), ids.join(',').slice(0, 500), {
          type: 'KNIFE_SWAP_INTERVAL',
          value,
          count: ids.length,
        });
      }),
  };
}

export type ConfigOptionsService = ReturnType<typeof createConfigOptionsService>;
