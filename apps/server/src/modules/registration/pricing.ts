import {
  type ContractConditions,
  type Currency,
  EU_COUNTRIES,
  LICENCE_MONTHLY_NET_CENTS_BY_CURRENCY,
  licenceMonthsLeft,
  licenceProRataNetCents,
  licenceRenewalDate,
  PAYMENT_TERM_DAYS,
  type Price,
  type PriceListEntry,
  SELLER_COUNTRY,
  VAT_RATE_BASIS_POINTS,
} from '@kerf/contracts';
import { isoDay } from '../../lib/dates';

type Country = keyof typeof VAT_RATE_BASIS_POINTS;

/**
 * The price list per invoicing currency (product.md §9: 25.00 EUR net per machine and month). Prices in
 * CHF and GBP are set by the provider, not converted at the day's exchange rate, so an offer, its
 * invoice and the next year's renewal agree; the installation is a one-time fee per machine.
 */
export type PriceList = Record<Currency, { licenceMonthlyNetCents: number; installationNetCents: number }>;

export const DEFAULT_PRICE_LIST: PriceList = {
  EUR: { licenceMonthlyNetCents: LICENCE_MONTHLY_NET_CENTS_BY_CURRENCY.EUR, installationNetCents: 49_000 },
  CHF: { licenceMonthlyNetCents: LICENCE_MONTHLY_NET_CENTS_BY_CURRENCY.CHF, installationNetCents: 47_000 },
  GBP: { licenceMonthlyNetCents: LICENCE_MONTHLY_NET_CENTS_BY_CURRENCY.GBP, installationNetCents: 42_000 },
};

export function priceListEntry(list: PriceList, currency: Currency): PriceListEntry {
  const entry = list[currency];
  return {
    currency,
    licenceMonthlyNetCents: entry.licenceMonthlyNetCents,
    licenceAnnualNetCents: entry.licenceMonthlyNetCents * 12,
    installationNetCents: entry.installationNetCents,
  };
}

const isEu = (country: string) => (EU_COUNTRIES as readonly string[]).includes(country);

/**
 * Reverse charge (§13b UStG, Art. 196 VAT directive): a business in another EU state than ours that
 * gives its VAT number pays the VAT itself; the invoice shows none.
 */
export function isReverseCharge(country: Country, vatNumber: string | null | undefined) {
  return isEu(country) && country !== SELLER_COUNTRY && Boolean(vatNumber);
}

export function contractConditions(
  country: Country,
  support: { phone: string; email: string },
  termsVersion: string,
): ContractConditions {
  return {
    country,
    vatRateBasisPoints: VAT_RATE_BASIS_POINTS[country],
    reverseChargeWithVatNumber: isEu(country) && country !== SELLER_COUNTRY,
    paymentTermDays: PAYMENT_TERM_DAYS,
    licenceBilling: 'YEARLY_IN_ADVANCE_PRO_RATA',
    supportPhone: support.phone,
    supportEmail: support.email,
    termsVersion,
  };
}

/** VAT of a net amount, rounded half up to the cent (basis points: 1900 = 19 %). */
export function vatOf(netCents: number, basisPoints: number) {
  return Math.floor((netCents * basisPoints + 5_000) / 10_000);
}

/**
 * What an order of machines costs on `date`: the licence for the months left in the year (the month
 * of the order included; it renews on 1 January, paid yearly in advance) and the installation of
 * each machine, plus VAT of the customer's country unless reverse charge applies.
 */
export function calculatePrice(
  list: PriceList,
  order: { country: Country; currency: Currency; vatNumber?: string | null; machines: { count: number }[] },
  date: Date,
): Price {
  const entry = list[order.currency];
  const machineCount = order.machines.reduce((sum, line) => sum + line.count, 0);
  const months = licenceMonthsLeft(date);
  const licenceUnit = licenceProRataNetCents(date, entry.licenceMonthlyNetCents);
  const licenceNet = licenceUnit * machineCount;
  const installationNet = entry.installationNetCents * machineCount;
  const netCents = licenceNet + installationNet;
  const reverseCharge = isReverseCharge(order.country, order.vatNumber);
  const vatRateBasisPoints = reverseCharge ? 0 : VAT_RATE_BASIS_POINTS[order.country];
  const vatCents = vatOf(netCents, vatRateBasisPoints);
  return {
    currency: order.currency,
    machineCount,
    lines: [
      { kind: 'LICENCE', quantity: machineCount, months, unitNetCents: licenceUnit, netCents: licenceNet },
      {
        kind: 'INSTALLATION',
        quantity: machineCount,
        months: null,
        unitNetCents: entry.installationNetCents,
        netCents: installationNet,
      },
    ],
    netCents,
    vatRateBasisPoints,
    reverseCharge,
    vatCents,
    totalCents: netCents + vatCents,
    annualLicencePerMachineNetCents: entry.licenceMonthlyNetCents * 12,
    installationPerMachineNetCents: entry.installationNetCents,
    renewalDate: isoDay(licenceRenewalDate(date)),
    paymentTermDays: PAYMENT_TERM_DAYS,
  };
}

/** The due date of an invoice issued on `issuedAt`: 14 days later (product.md §9). */
export function dueDateOf(issuedAt: Date) {
  return new Date(issuedAt.getTime() + PAYMENT_TERM_DAYS * 24 * 60 * 60 * 1000);
}
