import { getInvoicePdf, listInvoices } from '@kerf/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, buildUrl, httpClient, tokenStore } from '../../../lib/api';
import { invoiceKeys } from './keys';

/** The printing shop's invoices (registration and licence orders). */
export function useInvoices() {
  return useQuery({ queryKey: invoiceKeys.all, queryFn: () => api(listInvoices) });
}

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
