import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';
import { notifyFailure } from './toaster.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent` when the screen shows the error itself (login form, optional config). */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

const MAX_RETRIES = 3;
const FIRST_RETRY_DELAY_MS = 1000;
const MAX_RETRY_DELAY_MS = 30_000;

/** SPEC §9: three retries, but a 4xx answer will not change by asking again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** SPEC §9: 1 s, 2 s, 4 s… capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** attempt, MAX_RETRY_DELAY_MS);
}

export interface QueryClientOptions {
  /** What a failed call that is not `silent` shows: the app's toast by default. */
  onFailure?: (error: unknown) => void;
  /** How long an answer counts as fresh (React Query's default: 0, asked again on mount). */
  staleTime?: number;
}

export function createQueryClient({
  onFailure = notifyFailure,
  staleTime = 0,
}: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) onFailure(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) onFailure(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, gcTime: 5 * 60 * 1000, staleTime },
    },
  });
}
