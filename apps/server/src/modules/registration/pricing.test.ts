import { describe, expect, it } from 'vitest';
import { calculatePrice, DEFAULT_PRICE_LIST, dueDateOf, isReverseCharge, vatOf } from './pricing';

/**
 * Hand-computed prices (product.md §9): licence 25.00 EUR net per machine and month for the months left in
 * the year, the order's month included; installation 490.00 EUR (CHF 470.00, GBP 420.00) per
 * machine once; VAT of the customer's country, none under EU reverse charge.
 */
const cases: {
  name: string;
  date: string;
  country: 'DE' | 'AT' | 'NL' | 'CH' | 'GB';
  currency: 'EUR' | 'CHF' | 'GBP';
  vatNumber?: string;
  machines: number[];
  licence: number;
  installation: number;
  vat: number;
  total: number;
  months: number;
  reverseCharge?: boolean;
}[] = [
  // 2 × 25.00 × 12 = 600.00; 2 × 490.00 = 980.00; net 1580.00; 19 % = 300.20
  {
    name: 'Germany, 1 January, two machines',
    date: '2026-01-01T08:00:00Z',
    country: 'DE',
    currency: 'EUR',
    machines: [2],
    licence: 60_000,
    installation: 98_000,
    vat: 30_020,
    total: 188_020,
    months: 12,
  },
  // 1 × 25.00 × 1 = 25.00; + 490.00 = 515.00; 19 % = 97.85
  {
    name: 'Germany, 31 December, one machine',
    date: '2026-12-31T22:59:59Z',
    country: 'DE',
    currency: 'EUR',
    machines: [1],
    licence: 2_500,
    installation: 49_000,
    vat: 9_785,
    total: 61_285,
    months: 1,
  },
  // 3 × 25.00 × 6 (July–December) = 450.00; 3 × 490.00 = 1470.00; net 1920.00; 20 % = 384.00
  {
    name: 'Austria, July, three machines in two lines',
    date: '2026-07-15T10:00:00Z',
    country: 'AT',
    currency: 'EUR',
    machines: [2, 1],
    licence: 45_000,
    installation: 147_000,
    vat: 38_400,
    total: 230_400,
    months: 6,
  },
  // Austrian VAT number: reverse charge, no VAT
  {
    name: 'Austria with VAT number: reverse charge',
    date: '2026-07-15T10:00:00Z',
    country: 'AT',
    currency: 'EUR',
    vatNumber: 'ATU12345678',
    machines: [3],
    licence: 45_000,
    installation: 147_000,
    vat: 0,
    total: 192_000,
    months: 6,
    reverseCharge: true,
  },
  // 1 × 25.00 × 10 (March–December) = 250.00; + 490.00 = 740.00; 21 % = 155.40
  {
    name: 'Netherlands, March',
    date: '2026-03-01T00:00:00Z',
    country: 'NL',
    currency: 'EUR',
    machines: [1],
    licence: 25_000,
    installation: 49_000,
    vat: 15_540,
    total: 89_540,
    months: 10,
  },
  // German VAT number in Germany: no reverse charge inside the seller's country
  {
    name: 'Germany with VAT number: VAT as usual',
    date: '2026-03-01T00:00:00Z',
    country: 'DE',
    currency: 'EUR',
    vatNumber: 'DE123456789',
    machines: [1],
    licence: 25_000,
    installation: 49_000,
    vat: 14_060,
    total: 88_060,
    months: 10,
  },
  // CHF: 2 × 24.00 × 4 (September–December) = 192.00; 2 × 470.00 = 940.00; net 1132.00; 8.1 % = 91.692 → 91.69
  {
    name: 'Switzerland in CHF, September',
    date: '2026-09-10T12:00:00Z',
    country: 'CH',
    currency: 'CHF',
    machines: [2],
    licence: 19_200,
    installation: 94_000,
    vat: 9_169,
    total: 122_369,
    months: 4,
  },
  // CHF, one machine in November: 24.00 × 2 = 48.00 + 470.00 = 518.00; 8.1 % = 41.958 → 41.96
  {
    name: 'Switzerland in CHF, November, rounding up',
    date: '2026-11-02T12:00:00Z',
    country: 'CH',
    currency: 'CHF',
    machines: [1],
    licence: 4_800,
    installation: 47_000,
    vat: 4_196,
    total: 55_996,
    months: 2,
  },
  // GBP: 5 × 22.00 × 8 (May–December) = 880.00; 5 × 420.00 = 2100.00; net 2980.00; 20 % = 596.00
  {
    name: 'United Kingdom in GBP, May, five machines',
    date: '2026-05-20T09:00:00Z',
    country: 'GB',
    currency: 'GBP',
    machines: [4, 1],
    licence: 88_000,
    installation: 210_000,
    vat: 59_600,
    total: 357_600,
    months: 8,
  },
  // A UK VAT number is not an EU one: VAT stays
  {
    name: 'United Kingdom with VAT number: no EU reverse charge',
    date: '2026-05-20T09:00:00Z',
    country: 'GB',
    currency: 'GBP',
    vatNumber: 'GB123456789',
    machines: [1],
    licence: 17_600,
    installation: 42_000,
    vat: 11_920,
    total: 71_520,
    months: 8,
  },
  // A German customer may be invoiced in CHF: German VAT on the CHF amount. 24 × 12 = 288.00 + 470.00 = 758.00; 19 % = 144.02
  {
    name: 'Germany invoiced in CHF',
    date: '2027-01-31T23:00:00Z',
    country: 'DE',
    currency: 'CHF',
    machines: [1],
    licence: 28_800,
    installation: 47_000,
    vat: 14_402,
    total: 90_202,
    months: 12,
  },
];

describe('prices of an order (product.md §9), computed by hand', () => {
  it.each(cases)('$name', (c) => {
    const price = calculatePrice(
      DEFAULT_PRICE_LIST,
      {
        country: c.country,
        currency: c.currency,
        vatNumber: c.vatNumber ?? null,
        machines: c.machines.map((count) => ({ count })),
      },
      new Date(c.date),
    );
    const licence = price.lines.find((line) => line.kind === 'LICENCE')!;
    const installation = price.lines.find((line) => line.kind === 'INSTALLATION')!;
    expect(licence.netCents).toBe(c.licence);
    expect(licence.months).toBe(c.months);
    expect(installation.netCents).toBe(c.installation);
    expect(price.netCents).toBe(c.licence + c.installation);
    expect(price.vatCents).toBe(c.vat);
    expect(price.totalCents).toBe(c.total);
    expect(price.reverseCharge).toBe(c.reverseCharge ?? false);
    expect(price.currency).toBe(c.currency);
    expect(price.machineCount).toBe(c.machines.reduce((a, b) => a + b, 0));
    expect(price.paymentTermDays).toBe(14);
  });

  it('states the annual licence and installation per machine in the invoicing currency', () => {
    const eur = calculatePrice(
      DEFAULT_PRICE_LIST,
      { country: 'DE', currency: 'EUR', machines: [{ count: 1 }] },
      new Date('2026-06-01'),
    );
    expect(eur.annualLicencePerMachineNetCents).toBe(30_000);
    expect(eur.installationPerMachineNetCents).toBe(49_000);
    expect(eur.renewalDate).toBe('2027-01-01');
  });

  it('rounds VAT half up to the cent', () => {
    expect(vatOf(50, 810)).toBe(4); // 4.05 → 4
    expect(vatOf(1_000_00, 810)).toBe(8_100);
    expect(vatOf(6_173, 810)).toBe(500); // 500.013 → 500
    expect(vatOf(185, 2000)).toBe(37);
    expect(vatOf(5, 1000)).toBe(1); // 0.5 → 1
  });

  it('applies reverse charge only to EU customers outside Germany with a VAT number', () => {
    expect(isReverseCharge('AT', 'ATU12345678')).toBe(true);
    expect(isReverseCharge('NL', 'NL123456789B01')).toBe(true);
    expect(isReverseCharge('AT', null)).toBe(false);
    expect(isReverseCharge('DE', 'DE123456789')).toBe(false);
    expect(isReverseCharge('CH', 'CHE123456789')).toBe(false);
  });

  it('makes an invoice due 14 days after it is issued', () => {
    expect(dueDateOf(new Date('2026-12-25T10:00:00Z')).toISOString()).toBe('2027-01-08T10:00:00.000Z');
  });
});
