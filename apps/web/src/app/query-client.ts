import { QueryClient } from '@tanstack/react-query';

/**
 * An `ApiError` (lib/api) by its shape: checking with its class would load the API client and its
 * contract schemas with the first page (issue 15).
 */
function isHttpError(error: unknown): error is { status: number } {
  return (
    typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number'
  );
}

/** Retry only what may succeed on a second try: no answer, or a 5xx. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 2 && (!isHttpError(error) || error.status === 0 || error.status >= 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
