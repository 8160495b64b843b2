import type { RouteContract } from '@kerf/contracts';
import { buildUrl } from './api';
import { ApiError } from './api-error';
import type { HttpClient } from './http-client';

/**
 * Downloads a file route (the CSV exports, product.md §7 "CSV exports (blob)") through the one HTTP
 * client, so the bearer token goes along and a 401 refreshes once, and hands the bytes to the
 * browser as a saved file. The bytes stay as sent (a text round trip would drop the BOM Excel needs).
 * The file keeps the name the server gives it (`Content-Disposition`: the export, the tenant, the
 * period — docs/exports.md); `fileName` is used only when the server names none.
 */
export async function downloadFile(
  http: HttpClient,
  contract: RouteContract,
  query: Record<string, unknown>,
  fileName: string,
): Promise<void> {
  const response = await http.request({
    method: contract.method,
    url: buildUrl(contract, undefined, query),
    authenticated: contract.access !== 'public',
    responseType: 'blob',
  });
  if (!response.ok || !(response.data instanceof Blob)) {
    throw ApiError.fromResponse(response.status, response.data);
  }
  saveBlob(response.data, response.fileName ?? fileName);
}

/** Offers a blob as a download under `fileName`. */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // the click has started the download; the object URL can go once the event loop moved on
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
