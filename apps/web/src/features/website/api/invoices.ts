import { getInvoicePdf, listInvoices } from '@kerf/contracts';
import { api, buildUrl, httpClient, tokenStore } from '../../../lib/api';

export const invoiceKeys = { all: ['invoices'] as const };

export const fetchInvoices = () => api(listInvoices);

/**
 * The invoice PDF as a blob URL (the API answers application/pdf, which the JSON client does not
 * read): the bearer token is sent as for every call, refreshed once on a 401.
 */
export async function invoicePdfUrl(id: string): Promise<string> {
  const url = buildUrl(getInvoicePdf, { id });
  const get = () =>
    fetch(url, { headers: { authorization: `Bearer ${tokenStore.get()?.bearerToken ?? ''}` } });
  let response = await get();
  if (response.status === 401 && (await httpClient.refresh())) response = await get();
  if (!response.ok) throw new Error(`invoice ${response.status}`);
  return URL.createObjectURL(await response.blob());
}
