import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api';

/** Retry only what may succeed on a second try: no answer, or a 5xx. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 2 && (!isApiError(error) || error.status === 0 || error.status >= 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
