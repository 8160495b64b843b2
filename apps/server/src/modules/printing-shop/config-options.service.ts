import { CONFIG_OPTION_RULES, type ConfigOptionsSchema, type ConfigOptionType } from '@kerf/contracts';
import type { z } from 'zod';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import type { MachineChangeSink } from '../../live/machine-change';
import { findKnifeInterval, setKnifeSwapInterval } from '../knife/index';
import { findMachine, type MachineRow, setMachineOption, touchMachineViews } from '../machines/index';
import { findLocationOptions, type LocationOptionColumn, setLocationOption } from './locations.repository';
import { requireLocation, requireMachine } from './shared';

type ConfigOptions = z.output<typeof ConfigOptionsSchema>;
type Scope = 'PRINTING_SHOP' | 'MACHINE' | 'KNIFE';
type Source = ConfigOptions['KNIFE_SWAP_INTERVAL']['source'];
type Inherited = { value: number; source: Source };

const NOT_FOUND_OF_SCOPE = {
  PRINTING_SHOP: 'service.printing-shops.PRINTING_SHOP_NOT_FOUND',
  MACHINE: 'service.printing-shops.MACHINE_NOT_FOUND',
  KNIFE: 'service.knives.KNIFE_NOT_FOUND',
} as const;

/** The column of locations and machines that holds each option type. */
const COLUMN_OF_TYPE = {
  KNIFE_SWAP_INTERVAL: 'knifeSwapInterval',
  NO_CUTS_PROMPT_DELAY: 'noCutsPromptDelay',
} as const satisfies Record<ConfigOptionType, LocationOptionColumn>;

/**
 * The type's own rule for a value and a scope: a type not settable on the scope is refused as a bad
 * `type` parameter, a value outside the type's bounds as a bad `value`, both field-level.
 */
function checkOption(scope: Scope, type: ConfigOptionType, value: number | null) {
  const rule = CONFIG_OPTION_RULES[type];
  if (!(rule.scopes as readonly Scope[]).includes(scope)) {
    throw AppError.fields([{ field: 'type', in: 'params', code: 'INVALID_VALUE' }]);
  }
  if (value === null) return;
  if (value < rule.min)
    throw AppError.fields([{ field: 'value', in: 'body', code: 'TOO_SMALL', limit: rule.min }]);
  if (value > rule.max)
    throw AppError.fields([{ field: 'value', in: 'body', code: 'TOO_BIG', limit: rule.max }]);
}

/**
 * Config options (product.md §7 `/config-options`): the knife swap interval of a location, a machine or a
 * knife, and the no-cuts prompt delay of a location or a machine (Kerf, issue 12). Each is written by
 * the module that owns its table.
 */
export function createConfigOptionsService(deps: {
  transactions: Transactions;
  changes?: MachineChangeSink;
}) {
  const { transactions } = deps;
  const inTenant = <T>(actor: Actor, fn: (tx: Tx) => Promise<T>) =>
    transactions.withTenant(actor.tenantId, fn);

  /** Own value, else inherited from the machine (knives), the location, or the default. */
  async function configOptions(tx: Tx, scope: Scope, id: string): Promise<ConfigOptions> {
    const state = (value: number | null, inherited: Inherited) =>
      value !== null
        ? { value, effective: value, source: scope }
        : { value: null, effective: inherited.value, source: inherited.source };
    const fromLocation = async (type: ConfigOptionType, locationId: string | null): Promise<Inherited> => {
      const location = locationId ? await findLocationOptions(tx, locationId) : null;
      const value = location?.[COLUMN_OF_TYPE[type]];
      return value
        ? { value, source: 'PRINTING_SHOP' }
        : { value: CONFIG_OPTION_RULES[type].default, source: 'DEFAULT' };
    };
    const fromMachine = async (machine: MachineRow | null): Promise<Inherited> =>
      machine?.knifeSwapInterval
        ? { value: machine.knifeSwapInterval, source: 'MACHINE' }
        : fromLocation('KNIFE_SWAP_INTERVAL', machine?.locationId ?? null);
    const byDefault = (type: ConfigOptionType): Inherited => ({
      value: CONFIG_OPTION_RULES[type].default,
      source: 'DEFAULT',
    });

    if (scope === 'PRINTING_SHOP') {
      await requireLocation(tx, id);
      const own = (await findLocationOptions(tx, id))!;
      return {
        KNIFE_SWAP_INTERVAL: state(own.knifeSwapInterval, byDefault('KNIFE_SWAP_INTERVAL')),
        NO_CUTS_PROMPT_DELAY: state(own.noCutsPromptDelay, byDefault('NO_CUTS_PROMPT_DELAY')) as NonNullable<
          ConfigOptions['NO_CUTS_PROMPT_DELAY']
        >,
      };
    }
    if (scope === 'MACHINE') {
      const machine = await requireMachine(tx, id);
      return {
        KNIFE_SWAP_INTERVAL: state(
          machine.knifeSwapInterval,
          await fromLocation('KNIFE_SWAP_INTERVAL', machine.locationId),
        ),
        NO_CUTS_PROMPT_DELAY: state(
          machine.noCutsPromptDelay,
          await fromLocation('NO_CUTS_PROMPT_DELAY', machine.locationId),
        ) as NonNullable<ConfigOptions['NO_CUTS_PROMPT_DELAY']>,
      };
    }
    const knife = await findKnifeInterval(tx, id);
    if (!knife) throw new AppError('service.knives.KNIFE_NOT_FOUND');
    const machine = knife.machineId ? await findMachine(tx, knife.machineId) : null;
    return { KNIFE_SWAP_INTERVAL: state(knife.value, await fromMachine(machine)) };
  }

  async function writeOption(
    tx: Tx,
    scope: Scope,
    type: ConfigOptionType,
    ids: string[],
    value: number | null,
  ) {
    const distinct = [...new Set(ids)];
    const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
    if (scope !== 'KNIFE' && !distinct.every(isUuid)) throw new AppError(NOT_FOUND_OF_SCOPE[scope]);
    const column = COLUMN_OF_TYPE[type];
    const updated =
      scope === 'PRINTING_SHOP'
        ? await setLocationOption(tx, column, distinct, value)
        : scope === 'MACHINE'
          ? await setMachineOption(tx, column, distinct, value)
          : await setKnifeSwapInterval(tx, distinct, value);
    // All or nothing: an unknown id rolls the whole change back.
    if (updated !== distinct.length) throw new AppError(NOT_FOUND_OF_SCOPE[scope]);
    // The swap interval decides the urgency every machine view shows of its knife.
    if (type !== 'KNIFE_SWAP_INTERVAL') return [];
    return touchMachineViews(
      tx,
      scope === 'PRINTING_SHOP'
        ? { locationIds: distinct }
        : scope === 'MACHINE'
          ? { machineIds: distinct }
          : { knifeRfids: distinct },
    );
  }

  /** After the commit: the views of the machines whose knife urgency may have moved go live. */
  function announce(actor: Actor, machineIds: string[]) {
    if (machineIds.length > 0)
      deps.changes?.committed(
        actor.tenantId,
        machineIds.map((machineId) => ({ kind: 'DETAILS', machineId })),
      );
  }

  return {
    configOptions: (actor: Actor, scope: Scope, id: string) =>
      inTenant(actor, (tx) => configOptions(tx, scope, id)),

    setConfigOption: async (
      actor: Actor,
      scope: Scope,
      type: ConfigOptionType,
      id: string,
      value: number | null,
    ) => {
      checkOption(scope, type, value);
      const { options, touched } = await inTenant(actor, async (tx) => {
        const touched = await writeOption(tx, scope, type, [id], value);
        await audit(
          tx,
          actor,
          value === null ? 'config_option.deleted' : 'config_option.set',
          scope.toLowerCase(),
          id,
          { type, value },
        );
        return { options: await configOptions(tx, scope, id), touched };
      });
      announce(actor, touched);
      return options;
    },

    setConfigOptionBatch: async (
      actor: Actor,
      scope: Scope,
      type: ConfigOptionType,
      ids: string[],
      value: number,
    ) => {
      checkOption(scope, type, value);
      const touched = await inTenant(actor, async (tx) => {
        const touched = await writeOption(tx, scope, type, ids, value);
        await audit(tx, actor, 'config_option.set', scope.toLowerCase(), ids.join(',').slice(0, 500), {
          type,
          value,
          count: ids.length,
        });
        return touched;
      });
      announce(actor, touched);
    },
  };
}

export type ConfigOptionsService = ReturnType<typeof createConfigOptionsService>;
