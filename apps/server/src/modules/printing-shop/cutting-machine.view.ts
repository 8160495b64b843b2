import {
  type CuttingMachine,
  type CuttingMachineAdminView,
  licenceAnnualNetCents,
  licenceRenewalDate,
  type MachineStatus,
  startOfDayIn,
} from '@kerf/contracts';
import { isoDay } from '../../lib/dates';
import { type MachineRow, onlineStatusOf } from '../machines/index';

export function toMachine(row: MachineRow): CuttingMachine {
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

/** Local midnight of today in the caller's time zone (UTC without one), for `cutsToday`. */
export const startOfToday = (now: Date, timeZone = 'UTC') => startOfDayIn(timeZone, now);

export function toAdminView(row: MachineRow, now: Date, cutsToday: number): CuttingMachineAdminView {
  const licensed = row.licensedAt !== null;
  return {
    ...toMachine(row),
    renewalDate: licensed ? isoDay(licenceRenewalDate(now)) : null,
    annualNetCents: licensed ? licenceAnnualNetCents() : null,
    onlineStatus: onlineStatusOf(row, now.getTime()),
    status: (row.currentStatus as MachineStatus | null) ?? null,
    statusSince: row.statusSince?.toISOString() ?? null,
    cutsToday,
  };
}
