import { type ErrorCode, type ErrorResponse, ErrorResponseSchema } from '@kerf/contracts';

/** Codes the client itself raises when no catalogue answer arrived. Translated like catalogue codes. */
export const CLIENT_ERROR_CODES = ['client.NETWORK_ERROR', 'client.INVALID_RESPONSE'] as const;
type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
export type AnyErrorCode = ErrorCode | ClientErrorCode;

/**
 * A failed call (product.md §7 "General": the wrapper returns status and data of failed calls).
 * `status` is 0 when the server was not reached; `data` is the body exactly as received.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: AnyErrorCode,
    readonly data: unknown,
    readonly details: ErrorResponse['details'] = undefined,
  ) {
    super(`${status} ${code}`);
  }

  static fromResponse(status: number, data: unknown): ApiError {
    const parsed = ErrorResponseSchema.safeParse(data);
    if (parsed.success) return new ApiError(status, parsed.data.code, data, parsed.data.details);
    // Not a catalogue answer (a proxy page, a crash): fall back on the status alone.
    const code: ErrorCode =
      status === 404
        ? 'common.NOT_FOUND'
        : status === 429
          ? 'common.RATE_LIMITED'
          : status >= 502 && status <= 504
            ? 'common.SERVICE_UNAVAILABLE'
            : 'common.INTERNAL_ERROR';
    return new ApiError(status, code, data);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
