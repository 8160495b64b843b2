import { LICENCE_MONTHLY_NET_CENTS, licenceAnnualNetCents, licenceRenewalDate } from '@kerf/contracts';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { cutsSince, listMachines } from '../machines/index';
import { startOfToday, toAdminView } from './cutting-machine.view';
import { listLicences, listUnusedLicenceSerials } from './licences.repository';

/** Machine licences (spec §9): the machines with their licence state and what the shop pays. */
export function createLicensingService(deps: { transactions: Transactions }) {
  const { transactions } = deps;
  const inTenant = <T>(actor: Actor, fn: (tx: Tx) => Promise<T>) =>
    transactions.withTenant(actor.tenantId, fn);

  return {
    machinesAdminView: (actor: Actor, timeZone?: string) =>
      inTenant(actor, async (tx) => {
        const now = new Date();
        const today = await cutsSince(tx, startOfToday(now, timeZone));
        const machines = (await listMachines(tx)).map((row) => toAdminView(row, now, today.get(row.id) ?? 0));
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

    unusedSerials: (actor: Actor) => inTenant(actor, (tx) => listUnusedLicenceSerials(tx)),
  };
}

export type LicensingService = ReturnType<typeof createLicensingService>;
