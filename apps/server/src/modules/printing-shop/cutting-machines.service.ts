import type { CuttingMachine, CuttingMachineInputSchema } from '@kerf/contracts';
import type { z } from 'zod';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import type { MachineChangeSink } from '../../live/machine-change';
import {
  cutsSince,
  findMachineBySerial,
  insertMachineRow,
  listWidths,
  type MachineRow,
  type MachineValues,
  revokeMachineCredential,
  serialsByLocation,
  softDeleteMachine,
  updateMachine,
} from '../machines/index';
import { startOfToday, toAdminView, toMachine } from './cutting-machine.view';
import { findLicence } from './licences.repository';
import { findLocation } from './locations.repository';
import { normalisePhone, requireMachine } from './shared';

type MachineInput = z.output<typeof CuttingMachineInputSchema>;

const SERIAL_IN_TENANT = 'cutting_machines_tenant_serial_key';

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

/** What the setup assistant may do next with the machine (product.md §3 network setup state). */
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

/** The admin's cutting machines: create, change, delete, with network settings and licence state. */
export function createCuttingMachinesService(deps: {
  transactions: Transactions;
  changes?: MachineChangeSink;
}) {
  const { transactions } = deps;
  const inTenant = <T>(actor: Actor, fn: (tx: Tx) => Promise<T>) =>
    transactions.withTenant(actor.tenantId, fn);

  async function saveMachine(actor: Actor, input: MachineInput, id: string | null): Promise<CuttingMachine> {
    try {
      return await inTenant(actor, async (tx) => {
        const current = id ? await requireMachine(tx, id) : null;
        if (!(await findLocation(tx, input.printingShopId))) {
          throw AppError.fields([{ field: 'printingShopId', in: 'body', code: 'INVALID_VALUE' }]);
        }
        // Serial numbers (issue 31): only the tenant's own machines are looked at. Another tenant's
        // serial — licensed to it, or in use there — is neither refused nor revealed: the machine is
        // saved like one with a serial nobody knows, without a licence (the setup assistant says
        // SERIAL_UNKNOWN in both cases), and the serial's owner can always add its own machine.
        const sameSerial = await findMachineBySerial(tx, input.serialNumber);
        if (sameSerial && sameSerial.id !== id && sameSerial.deletedAt === null) {
          // one of this tenant's machines has it: "already exists" when adding, "assigned to another
          // machine" when changing a machine's serial to it
          throw new AppError(
            id
              ? 'service.printing-shops.SERIAL_NUMBER_ALREADY_ASSIGNED'
              : 'service.printing-shops.SERIAL_NUMBER_NOT_FREE',
          );
        }
        // the tenant's own licence only (row-level security): a serial licensed to another tenant
        // never licenses this tenant's machine
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
          machineId = await insertMachineRow(tx, actor.tenantId, values);
        } else {
          if (sameSerial && sameSerial.id !== id) {
            // a deleted machine of this tenant keeps its serial (and its history)
            throw new AppError('service.printing-shops.SERIAL_NUMBER_ALREADY_ASSIGNED');
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
      // two requests of the tenant racing for one serial
      if (isUniqueViolation(error, SERIAL_IN_TENANT))
        throw new AppError(
          id
            ? 'service.printing-shops.SERIAL_NUMBER_ALREADY_ASSIGNED'
            : 'service.printing-shops.SERIAL_NUMBER_NOT_FREE',
        );
      throw error;
    }
  }

  return {
    createMachine: (actor: Actor, input: MachineInput) => saveMachine(actor, input, null),
    /** A changed name or knife interval shows on every live screen of the machine at once. */
    async updateMachine(actor: Actor, id: string, input: MachineInput) {
      const machine = await saveMachine(actor, input, id);
      deps.changes?.committed(actor.tenantId, [{ kind: 'DETAILS', machineId: machine.id }]);
      return machine;
    },
    getMachine: (actor: Actor, id: string) =>
      inTenant(actor, async (tx) => toMachine(await requireMachine(tx, id))),
    getMachineAdminView: (actor: Actor, id: string, timeZone?: string) =>
      inTenant(actor, async (tx) => {
        const now = new Date();
        const row = await requireMachine(tx, id);
        const today = await cutsSince(tx, startOfToday(now, timeZone), id);
        return toAdminView(row, now, today.get(id) ?? 0);
      }),

    async deleteMachine(actor: Actor, id: string) {
      await inTenant(actor, async (tx) => {
        if (!(await softDeleteMachine(tx, id)))
          throw new AppError('service.printing-shops.MACHINE_NOT_FOUND');
        await revokeMachineCredential(tx, id);
        await audit(tx, actor, 'machine.deleted', 'cutting_machine', id);
      });
    },

    widths: (actor: Actor) => inTenant(actor, (tx) => listWidths(tx)),
    serialsByLocation: (actor: Actor, locationIds?: string[]) =>
      inTenant(actor, (tx) => serialsByLocation(tx, locationIds)),
  };
}

export type CuttingMachinesService = ReturnType<typeof createCuttingMachinesService>;
