import {
  ASSIGNABLE_ROLES,
  type ConfigOptionsSchema,
  type CuttingMachine,
  type CuttingMachineAdminView,
  type CuttingMachineInputSchema,
  DEFAULT_KNIFE_SWAP_INTERVAL,
  type Employee,
  type FieldError,
  LICENCE_MONTHLY_NET_CENTS,
  type LocationInputSchema,
  licenceAnnualNetCents,
  licenceRenewalDate,
  type MachineStatus,
  type NetworkAdminSchema,
  type Page,
  type PrintingShop,
  type PrintingShopListQuerySchema,
  type Role,
} from '@kerf/contracts';
import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/max';
import type { z } from 'zod';
import { recordAudit } from '../../db/audit.repository';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import { findUserById, toUser } from '../auth/users.repository';
import { onlineStatusOf } from '../machines/index';
import {
  findKnifeInterval,
  findLicence,
  findMachine,
  findMachineBySerial,
  insertMachine,
  listLicences,
  listMachines,
  listUnusedLicenceSerials,
  listWidths,
  type MachineRow,
  type MachineValues,
  revokeMachineCredential,
  serialsByLocation,
  setKnifeSwapInterval,
  setMachineKnifeSwapInterval,
  softDeleteMachine,
  updateMachine,
} from './cutting-machines.repository';
import {
  countEmployeesAt,
  listEmployees,
  locationIdsOf,
  removeDeletedEmployeesFrom,
  replaceUserLocations,
} from './employees.repository';
import {
  countLocationsByIds,
  deleteLocation,
  findLocation,
  insertLocation,
  type LocationValues,
  listLocations,
  listLocationsOfUser,
  listMinimalLocations,
  lockLocation,
  setLocationKnifeSwapInterval,
  updateLocation,
  uptimeLast24h,
} from './locations.repository';
import { findNetworkAdmin, saveNetworkAdmin } from './network-admin.repository';

type LocationInput = z.output<typeof LocationInputSchema>;
type MachineInput = z.output<typeof CuttingMachineInputSchema>;
type ListQuery = z.output<typeof PrintingShopListQuerySchema>;
type ConfigOptions = z.output<typeof ConfigOptionsSchema>;
type NetworkAdmin = z.output<typeof NetworkAdminSchema>;
type Scope = 'PRINTING_SHOP' | 'MACHINE' | 'KNIFE';

const SERIAL_IN_USE = 'cutting_machines_serial_in_use_key';
const SERIAL_IN_TENANT = 'cutting_machines_tenant_serial_key';

const NOT_FOUND_OF_SCOPE = {
  PRINTING_SHOP: 'service.printing-shops.PRINTING_SHOP_NOT_FOUND',
  MACHINE: 'service.printing-shops.MACHINE_NOT_FOUND',
  KNIFE: 'service.knives.KNIFE_NOT_FOUND',
} as const;

/** A phone number in international format, normalised to E.164; null when empty. */
function normalisePhone(phone: string | null | undefined, field: string): string | null {
  if (!phone) return null;
  if (!isValidPhoneNumber(phone)) throw AppError.fields([{ field, in: 'body', code: 'INVALID_PHONE' }]);
  return parsePhoneNumberWithError(phone).number;
}

function locationValues(input: LocationInput): LocationValues {
  return {
    name: input.name,
    street: input.street || null,
    streetNumber: input.streetNumber || null,
    zip: input.zip || null,
    city: input.city || null,
    country: input.country,
    knifeSwapInterval: input.knifeSwapInterval ?? null,
  };
}

function toMachine(row: MachineRow): CuttingMachine {
  return {
    id: row.id,
    name: row.name,
    designation: row.designation,
    manufacturer: row.manufacturer,
    serialNumber: row.serialNumber,
    printingShopId: row.locationId,
    printingShopName: row.locationName,
    cuttingWidth: row.cuttingWidth,
    knifeSwapInterval: row.knifeSwapInterval,
    active: row.active,
    type: row.type,
    totalCuts: Number(row.totalCuts),
    knivesCount: row.knivesCount,
    licensedAt: row.licensedAt?.toISOString() ?? null,
    network: {
      connection: (row.networkConnection as CuttingMachine['network']['connection']) ?? null,
      addressMode: (row.networkAddressMode as CuttingMachine['network']['addressMode']) ?? null,
      ipAddress: row.ipAddress,
      subnetMask: row.subnetMask,
      gateway: row.gateway,
      dnsServer: row.dnsServer,
      networkName: row.networkName,
      security: (row.wifiSecurity as CuttingMachine['network']['security']) ?? null,
      passwordSet: row.wifiPassword !== null,
    },
    networkContact: { name: row.networkContactName, phone: row.networkContactPhone },
    networkSetupState: row.networkSetupState as CuttingMachine['networkSetupState'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAdminView(row: MachineRow, now: Date): CuttingMachineAdminView {
  const licensed = row.licensedAt !== null;
  return {
    ...toMachine(row),
    renewalDate: licensed ? licenceRenewalDate(now).toISOString().slice(0, 10) : null,
    annualNetCents: licensed ? licenceAnnualNetCents() : null,
    onlineStatus: onlineStatusOf(row, now.getTime()),
    status: (row.currentStatus as MachineStatus | null) ?? null,
    statusSince: row.statusSince?.toISOString() ?? null,
  };
}

/**
 * Network settings and contact as columns. An omitted password keeps the stored one; Ethernet
 * machines keep no WLAN fields; DHCP machines keep no static addresses.
 */
function networkColumns(input: MachineInput, current: MachineRow | null): Partial<MachineValues> {
  const network = input.network ?? null;
  const isWifi = network?.connection === 'WIFI';
  const isStatic = network?.addressMode === 'STATIC';
  const password = !isWifi
    ? null
    : network?.password === undefined
      ? (current?.wifiPassword ?? null)
      : network.password || null;
  return {
    networkConnection: network?.connection ?? null,
    networkAddressMode: network?.addressMode ?? null,
    ipAddress: isStatic ? (network?.ipAddress ?? null) : null,
    subnetMask: isStatic ? (network?.subnetMask ?? null) : null,
    gateway: isStatic ? (network?.gateway ?? null) : null,
    dnsServer: network?.dnsServer || null,
    networkName: isWifi ? (network?.networkName ?? null) : null,
    wifiSecurity: isWifi ? (network?.security ?? null) : null,
    wifiPassword: password,
    networkContactName: input.networkContact?.name || null,
    networkContactPhone: normalisePhone(input.networkContact?.phone, 'networkContact.phone'),
  };
}

/** What the setup assistant may do next with the machine (spec §3 network setup state). */
function setupState(values: Partial<MachineValues>, licensed: boolean, current: MachineRow | null): string {
  const hasSettings = values.networkConnection != null && values.networkContactPhone != null;
  if (!hasSettings) return values.networkConnection == null ? 'UNKNOWN' : 'ADMIN_INFO_MISSING';
  const unchanged =
    current?.networkSetupState === 'ALL_SETTINGS_CORRECT' &&
    (
      [
        'networkConnection',
        'networkAddressMode',
        'ipAddress',
        'subnetMask',
        'gateway',
        'dnsServer',
        'networkName',
        'wifiSecurity',
        'wifiPassword',
      ] as const
    ).every((key) => values[key] === current[key]);
  if (unchanged) return 'ALL_SETTINGS_CORRECT';
  return licensed ? 'MACHINE_LICENSED' : 'ADMIN_INFO_MISSING';
}

export function createPrintingShopService(deps: { transactions: Transactions }) {
  const { transactions } = deps;
  const inTenant = <T>(actor: Actor, fn: (tx: Tx) => Promise<T>) =>
    transactions.withTenant(actor.tenantId, fn);
  const audit = (
    tx: Tx,
    actor: Actor,
    action: string,
    targetType: string,
    targetId: string,
    details?: Record<string, unknown>,
  ) =>
    recordAudit(tx, {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action,
      targetType,
      targetId,
      ip: actor.ip,
      details,
    });

  async function requireLocation(tx: Tx, id: string): Promise<PrintingShop> {
    const location = await findLocation(tx, id);
    if (!location) throw new AppError('service.printing-shops.PRINTING_SHOP_NOT_FOUND');
    return location;
  }

  async function requireMachine(tx: Tx, id: string): Promise<MachineRow> {
    const machine = await findMachine(tx, id);
    if (!machine) throw new AppError('service.printing-shops.MACHINE_NOT_FOUND');
    return machine;
  }

  async function employeesWithLocations(
    tx: Tx,
    rows: Awaited<ReturnType<typeof listEmployees>>['rows'],
  ): Promise<Employee[]> {
    const locationIds = await locationIdsOf(
      tx,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...toUser(row), printingShopIds: locationIds.get(row.id) ?? [] }));
  }

  async function saveMachine(actor: Actor, input: MachineInput, id: string | null): Promise<CuttingMachine> {
    try {
      return await inTenant(actor, async (tx) => {
        const current = id ? await requireMachine(tx, id) : null;
        if (!(await findLocation(tx, input.printingShopId))) {
          throw AppError.fields([{ field: 'printingShopId', in: 'body', code: 'INVALID_VALUE' }]);
        }
        const sameSerial = await findMachineBySerial(tx, input.serialNumber);
        if (sameSerial && sameSerial.id !== id && sameSerial.deletedAt === null) {
          throw new AppError('service.printing-shops.SERIAL_NUMBER_NOT_FREE');
        }
        const licence = await findLicence(tx, input.serialNumber);
        const network = networkColumns(input, current);
        const values: MachineValues = {
          name: input.name,
          designation: input.designation || null,
          manufacturer: input.manufacturer || null,
          serialNumber: input.serialNumber,
          locationId: input.printingShopId,
          cuttingWidth: input.cuttingWidth,
          knifeSwapInterval: input.knifeSwapInterval ?? null,
          active: input.active ?? true,
          type: input.type || null,
          licensedAt: licence?.licensedAt ?? null,
          ...network,
          networkSetupState: setupState(network, licence !== null, current),
        };
        let machineId = id;
        if (!machineId && sameSerial) {
          // The serial names a physical machine this tenant had before: it comes back with its history.
          machineId = sameSerial.id;
          await updateMachine(tx, machineId, { ...values, deletedAt: null });
        } else if (!machineId) {
          machineId = await insertMachine(tx, actor.tenantId, values);
        } else {
          if (sameSerial && sameSerial.id !== id) {
            throw new AppError('service.printing-shops.SERIAL_NUMBER_NOT_FREE');
          }
          await updateMachine(tx, machineId, values);
        }
        await audit(tx, actor, id ? 'machine.updated' : 'machine.created', 'cutting_machine', machineId, {
          serialNumber: values.serialNumber,
          locationId: values.locationId,
        });
        return toMachine(await requireMachine(tx, machineId));
      });
    } catch (error) {
      if (isUniqueViolation(error, SERIAL_IN_USE))
        throw new AppError('service.printing-shops.SERIAL_NUMBER_ALREADY_ASSIGNED');
      if (isUniqueViolation(error, SERIAL_IN_TENANT))
        throw new AppError('service.printing-shops.SERIAL_NUMBER_NOT_FREE');
      throw error;
    }
  }

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
    // Locations ------------------------------------------------------------------------------
    async listLocations(actor: Actor, query: ListQuery): Promise<Page<PrintingShop>> {
      return inTenant(actor, async (tx) => {
        const { items, total } = await listLocations(tx, {
          page: query.page,
          pageSize: query.page_size,
          sort: query.sort,
          descending: query.sort_direction === 'DESCENDING',
          search: query.search,
        });
        if (query.view === 'WITH_UPTIME') {
          const uptime = await uptimeLast24h(
            tx,
            items.map((item) => item.id),
          );
          for (const item of items) item.uptimeLast24h = uptime.get(item.id) ?? null;
        }
        return { items, total, page: query.page, pageSize: query.page_size };
      });
    },

    async createLocation(actor: Actor, input: LocationInput) {
      return inTenant(actor, async (tx) => {
        const id = await insertLocation(tx, actor.tenantId, locationValues(input));
        await audit(tx, actor, 'location.created', 'location', id);
        return requireLocation(tx, id);
      });
    },

    getLocation: (actor: Actor, id: string) => inTenant(actor, (tx) => requireLocation(tx, id)),

    async updateLocation(actor: Actor, id: string, input: LocationInput) {
      return inTenant(actor, async (tx) => {
        if (!(await updateLocation(tx, id, locationValues(input)))) {
          throw new AppError('service.printing-shops.PRINTING_SHOP_NOT_FOUND');
        }
        await audit(tx, actor, 'location.updated', 'location', id);
        return requireLocation(tx, id);
      });
    },

    /** Refused while employees or machines are assigned: the admin moves or removes them first. */
    async deleteLocation(actor: Actor, id: string) {
      await inTenant(actor, async (tx) => {
        if (!(await lockLocation(tx, id)))
          throw new AppError('service.printing-shops.PRINTING_SHOP_NOT_FOUND');
        if ((await countEmployeesAt(tx, id)) > 0)
          throw new AppError('service.printing-shops.PRINTING_SHOP_HAS_USERS');
        if ((await listMachines(tx, { locationId: id })).length > 0) {
          throw new AppError('service.printing-shops.PRINTING_SHOP_HAS_MACHINES');
        }
        await removeDeletedEmployeesFrom(tx, id);
        await deleteLocation(tx, id);
        await audit(tx, actor, 'location.deleted', 'location', id);
      });
    },

    minimalLocations: (actor: Actor, page: number, pageSize: number) =>
      inTenant(actor, async (tx) => ({
        ...(await listMinimalLocations(tx, page, pageSize)),
        page,
        pageSize,
      })),

    assignedLocations: (actor: Actor) => inTenant(actor, (tx) => listLocationsOfUser(tx, actor.userId)),

    machinesAt: (actor: Actor, id: string) =>
      inTenant(actor, async (tx) => {
        await requireLocation(tx, id);
        return (await listMachines(tx, { locationId: id })).map(toMachine);
      }),

    employeesAt: (actor: Actor, id: string) =>
      inTenant(actor, async (tx) => {
        await requireLocation(tx, id);
        const { rows } = await listEmployees(tx, { page: 0, pageSize: 10_000, locationIds: [id] });
        return employeesWithLocations(tx, rows);
      }),

    // Employees ------------------------------------------------------------------------------
    listEmployees: (
      actor: Actor,
      query: { page: number; page_size: number; locationIds?: string[]; search?: string },
    ) =>
      inTenant(actor, async (tx) => {
        const { rows, total } = await listEmployees(tx, {
          page: query.page,
          pageSize: query.page_size,
          locationIds: query.locationIds,
          search: query.search,
        });
        return {
          items: await employeesWithLocations(tx, rows),
          total,
          page: query.page,
          pageSize: query.page_size,
        };
      }),

    async setUserLocations(actor: Actor, userId: string, locationIds: string[]): Promise<Employee> {
      return inTenant(actor, async (tx) => {
        const user = await findUserById(tx, userId);
        if (!user) throw new AppError('authentication.USER_NOT_FOUND');
        if (!ASSIGNABLE_ROLES[actor.role].includes(user.role as Role))
          throw new AppError('authentication.ROLE_NOT_ASSIGNABLE');
        const distinct = [...new Set(locationIds)];
        if ((await countLocationsByIds(tx, distinct)) !== distinct.length) {
          const field: FieldError = { field: 'printingShopIds', in: 'body', code: 'INVALID_VALUE' };
          throw AppError.fields([field]);
        }
        await replaceUserLocations(tx, actor.tenantId, userId, distinct);
        await audit(tx, actor, 'user.locations_changed', 'user', userId, { locationIds: distinct });
        const [employee] = await employeesWithLocations(tx, [user]);
        return employee!;
      });
    },

    // Machines -------------------------------------------------------------------------------
    createMachine: (actor: Actor, input: MachineInput) => saveMachine(actor, input, null),
    updateMachine: (actor: Actor, id: string, input: MachineInput) => saveMachine(actor, input, id),
    getMachine: (actor: Actor, id: string) =>
      inTenant(actor, async (tx) => toMachine(await requireMachine(tx, id))),
    getMachineAdminView: (actor: Actor, id: string) =>
      inTenant(actor, async (tx) => toAdminView(await requireMachine(tx, id), new Date())),

    async deleteMachine(actor: Actor, id: string) {
      await inTenant(actor, async (tx) => {
        if (!(await softDeleteMachine(tx, id)))
          throw new AppError('service.printing-shops.MACHINE_NOT_FOUND');
        await revokeMachineCredential(tx, id);
        await audit(tx, actor, 'machine.deleted', 'cutting_machine', id);
      });
    },

    machinesAdminView: (actor: Actor) =>
      inTenant(actor, async (tx) => {
        const now = new Date();
        const machines = (await listMachines(tx)).map((row) => toAdminView(row, now));
        const licences = await listLicences(tx);
        const unused = await listUnusedLicenceSerials(tx);
        const licensedMachines = machines.filter((machine) => machine.licensedAt !== null).length;
        return {
          machines,
          licensing: {
            licensedMachines,
            unlicensedMachines: machines.length - licensedMachines,
            unusedLicences: unused.length,
            renewalDate: licenceRenewalDate(now).toISOString().slice(0, 10),
            annualNetCents: licences.length * licenceAnnualNetCents(),
            monthlyNetCentsPerMachine: LICENCE_MONTHLY_NET_CENTS,
            currency: 'EUR' as const,
          },
        };
      }),

    widths: (actor: Actor) => inTenant(actor, (tx) => listWidths(tx)),
    unusedSerials: (actor: Actor) => inTenant(actor, (tx) => listUnusedLicenceSerials(tx)),
    serialsByLocation: (actor: Actor, locationIds?: string[]) =>
      inTenant(actor, (tx) => serialsByLocation(tx, locationIds)),

    // Config options -------------------------------------------------------------------------
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

    // Network admin --------------------------------------------------------------------------
    getNetworkAdmin: (actor: Actor) => inTenant(actor, (tx) => findNetworkAdmin(tx, actor.tenantId)),

    setNetworkAdmin: (actor: Actor, input: NetworkAdmin) =>
      inTenant(actor, async (tx) => {
        const value = {
          name: input.name || null,
          phone: normalisePhone(input.phone, 'phone'),
          email: input.email || null,
        };
        await saveNetworkAdmin(tx, actor.tenantId, value);
        await audit(tx, actor, 'network_admin.changed', 'tenant', actor.tenantId);
        return value;
      }),
  };
}

export type PrintingShopService = ReturnType<typeof createPrintingShopService>;
