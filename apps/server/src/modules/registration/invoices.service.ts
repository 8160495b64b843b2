import type { Currency, Invoice, Language } from '@kerf/contracts';
import type { MachineOrderValue } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { isoDay } from '../../lib/dates';
import { insertOrderedLicence } from '../printing-shop/index';
import { renderInvoicePdf } from './invoice-pdf';
import { calculatePrice, dueDateOf } from './pricing';
import { type RegistrationDeps, TERMS_VERSION } from './registration';
import {
  findInvoicePdf,
  insertInvoice,
  listInvoices,
  nextInvoiceNumber,
  type RegistrationRow,
} from './registration.repository';

function invoiceLanguage(language: Language | null | undefined): 'de' | 'en' {
  return language === 'GERMAN' ? 'de' : 'en';
}

/**
 * One order of machines as invoiced: a licence per machine ordered, awaiting the machine's
 * installation, and the invoice with its PDF (the demo's first invoice has its machines already).
 */
export async function invoiceOrder(
  tx: Tx,
  deps: Pick<RegistrationDeps, 'priceList' | 'support'>,
  tenantId: string,
  tenantSlug: string,
  registration: RegistrationRow,
  machines: MachineOrderValue[],
  issuedAt: Date,
  options: { licences: boolean; termsAcceptedAt?: Date } = { licences: true },
) {
  const price = calculatePrice(
    deps.priceList,
    {
      country: registration.address.country as 'DE',
      currency: registration.currency as Currency,
      vatNumber: registration.vatNumber,
      machines,
    },
    issuedAt,
  );
  const number = await nextInvoiceNumber(tx, issuedAt);
  // Each machine ordered is paid with this invoice: its licence exists from now on and waits for the
  // machine's installation (the admin's dashboard shows it as ordered, awaiting installation).
  for (const line of options.licences ? machines : []) {
    for (let index = 0; index < line.count; index++) {
      await insertOrderedLicence(tx, tenantId, {
        manufacturer: line.manufacturer,
        model: line.model,
        invoiceNumber: number,
        orderedAt: issuedAt,
      });
    }
  }
  const dueAt = dueDateOf(issuedAt);
  const language = invoiceLanguage(registration.language as Language | null);
  const pdf = await renderInvoicePdf({
    number,
    issuedAt,
    dueAt,
    language,
    customer: {
      company: registration.company,
      contact: `${registration.firstName} ${registration.lastName}`,
      address: registration.address,
      deliveryAddress: registration.deliveryAddress,
      vatNumber: registration.vatNumber,
      taxNumber: registration.taxNumber,
      tenantId: tenantSlug,
    },
    machines,
    price,
    supportPhone: deps.support.phone,
    supportEmail: deps.support.email,
  });
  await insertInvoice(tx, tenantId, {
    number,
    registrationId: registration.id,
    issuedAt,
    dueAt,
    currency: price.currency,
    netCents: price.netCents,
    vatRateBasisPoints: price.vatRateBasisPoints,
    reverseCharge: price.reverseCharge,
    vatCents: price.vatCents,
    totalCents: price.totalCents,
    machineCount: price.machineCount,
    details: {
      lines: price.lines,
      machines,
      address: registration.address,
      deliveryAddress: registration.deliveryAddress,
      terms: { version: TERMS_VERSION, acceptedAt: (options.termsAcceptedAt ?? issuedAt).toISOString() },
    },
    pdf,
  });
  return { number, price, dueAt, language };
}

/** The shop's invoices: the list and each one's PDF. */
export function createInvoicesService(deps: Pick<RegistrationDeps, 'transactions'>) {
  const { transactions } = deps;

  return {
    listInvoices(actor: Actor): Promise<Invoice[]> {
      return transactions.withTenant(actor.tenantId, async (tx) =>
        (await listInvoices(tx)).map((row) => ({
          id: row.id,
          number: row.number,
          issuedAt: row.issuedAt.toISOString(),
          dueDate: isoDay(row.dueAt),
          currency: row.currency as Currency,
          netCents: row.netCents,
          vatCents: row.vatCents,
          totalCents: row.totalCents,
          machineCount: row.machineCount,
        })),
      );
    },

    invoicePdf(actor: Actor, id: string) {
      return transactions.withTenant(actor.tenantId, async (tx) => {
        const row = await findInvoicePdf(tx, id);
        if (!row) throw new AppError('service.knives.INVOICE_NOT_FOUND');
        return { number: row.number, pdf: Buffer.from(row.pdf) };
      });
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
