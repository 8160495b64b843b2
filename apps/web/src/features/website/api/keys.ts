import type { Currency, PriceRequest } from '@kerf/contracts';

/** Query keys of the public website's calls (product.md §7 "Knife server") and of the shop's invoices. */
export const websiteKeys = {
  all: ['website'] as const,
  widths: () => [...websiteKeys.all, 'cutting-widths'] as const,
  pricing: (currency: Currency) => [...websiteKeys.all, 'pricing', currency] as const,
  conditions: (country: string) => [...websiteKeys.all, 'conditions', country] as const,
  price: (request: PriceRequest) => [...websiteKeys.all, 'price', request] as const,
  tenantId: (id: string) => [...websiteKeys.all, 'tenant-id', id] as const,
  machineOrder: () => [...websiteKeys.all, 'machine-order'] as const,
};

export const invoiceKeys = { all: ['invoices'] as const };
