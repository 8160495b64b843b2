import { BOARD_AUTH_SCHEME, type Board, BoardSchema, getBoard, routeUrl } from '@kerf/contracts';
import { ApiError } from '../../../lib/api';

/**
 * Reads the board with its link's secret. Not through the app's HTTP client: a board is no signed-in
 * user, so no access token, no refresh and no session end apply; a refused secret is the caller's to
 * show (the link was revoked).
 */
export async function readBoard(secret: string, signal?: AbortSignal): Promise<Board> {
  let response: Response;
  try {
    response = await fetch(routeUrl(getBoard), {
      headers: { accept: 'application/json', authorization: `${BOARD_AUTH_SCHEME} ${secret}` },
      credentials: 'omit',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'client.NETWORK_ERROR', undefined);
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw ApiError.fromResponse(response.status, data);
  const parsed = BoardSchema.safeParse(data);
  if (!parsed.success) throw new ApiError(response.status, 'client.INVALID_RESPONSE', data);
  return parsed.data;
}
