import {
  type CuttingMachine,
  LICENCE_MONTHLY_NET_CENTS_BY_CURRENCY,
  licenceRenewalDate,
} from '@kerf/contracts';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { isoDay } from '../../lib/dates';
import { cutsSince, listMachines, updateMachine } from '../machines/index';
import { startOfToday, toAdminView, toMachine } from './cutting-machine.view';
import {
  claimOrderedLicence,
  findInvoicingCurrency,
  listLicences,
  listOrderedLicences,
  listUnusedLicenceSerials,
} from './licences.repository';
import { requireMachine } from './shared';

/**
 * Machine licences (product.md §9): the machines with their licence state and what the shop pays. Every
 * licence counts: a machine's, one naming a serial no machine has, and one ordered with a machine
 * that awaits installation (paid with the order's invoice) — so the dashboard and the invoices agree.
 */
export function createLicensingService(deps: { transactions: Transactions }) {
  const { transactions } = deps;
  const inTenant = <T>(actor: Actor, fn: (tx: Tx) => Promise<T>) =>
    transactions.withTenant(actor.tenantId, fn);

  return {
    machinesAdminView: (actor: Actor, timeZone?: string) =>
      inTenant(actor, async (tx) => {
        const now = new Date();
        const today = await cutsSince(tx, startOfToday(now, timeZone));
        const currency = await findInvoicingCurrency(tx);
        const monthly = LICENCE_MONTHLY_NET_CENTS_BY_CURRENCY[currency];
        const machines = (await listMachines(tx)).map((row) => {
          const view = toAdminView(row, now, today.get(row.id) ?? 0);
          return { ...view, annualNetCents: view.licensedAt ? monthly * 12 : null };
        });
        const licences = await listLicences(tx);
        const unused = await listUnusedLicenceSerials(tx);
        const ordered = await listOrderedLicences(tx);
        const licensedMachines = machines.filter((machine) => machine.licensedAt !== null).length;
        return {
          machines,
          licensing: {
            licensedMachines,
            unlicensedMachines: machines.length - licensedMachines,
            unusedLicences: unused.length,
            orderedLicences: ordered.map((row) => ({
              id: row.id,
              manufacturer: row.manufacturer,
              model: row.model,
              orderedAt: row.orderedAt.toISOString(),
              invoiceNumber: row.invoiceNumber,
            })),
            licences: licences.length,
            renewalDate: isoDay(licenceRenewalDate(now)),
            annualNetCents: licences.length * monthly * 12,
            monthlyNetCentsPerMachine: monthly,
            currency,
          },
        };
      }),

    unusedSerials: (actor: Actor) => inTenant(actor, (tx) => listUnusedLicenceSerials(tx)),

    /**
     * "License new machine": an installed machine without a licence takes one of the licences ordered
     * with a new machine (the oldest, or the one chosen). Nothing is charged: the order's invoice paid it.
     */
    async licenseMachine(actor: Actor, id: string, licenceId?: string): Promise<CuttingMachine> {
      try {
        return await inTenant(actor, async (tx) => {
          const machine = await requireMachine(tx, id);
          if (machine.licensedAt) throw new AppError('service.printing-shops.MACHINE_ALREADY_LICENSED');
          const licensedAt = await claimOrderedLicence(tx, machine.serialNumber, licenceId);
          if (!licensedAt) throw new AppError('service.printing-shops.NO_ORDERED_LICENCE');
          const ready =
            machine.networkSetupState === 'ADMIN_INFO_MISSING' &&
            machine.networkConnection !== null &&
            machine.networkContactPhone !== null;
          await updateMachine(tx, id, {
            licensedAt,
            ...(ready ? { networkSetupState: 'MACHINE_LICENSED' } : {}),
          });
          await audit(tx, actor, 'machine.licensed', 'cutting_machine', id, {
            serialNumber: machine.serialNumber,
          });
          return toMachine(await requireMachine(tx, id));
        });
      } catch (error) {
        // the serial already has a licence (this tenant's or another's): it cannot take a second one
        if (
          isUniqueViolation(error, 'machine_licences_tenant_serial_key') ||
          isUniqueViolation(error, 'machine_licences_serial_owner_key')
        )
          throw new AppError('service.printing-shops.MACHINE_ALREADY_LICENSED');
        throw error;
      }
    },
  };
}

export type LicensingService = ReturnType<typeof createLicensingService>;
