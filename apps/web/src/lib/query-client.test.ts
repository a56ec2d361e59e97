// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { createQueryClient, retryDelay, shouldRetry } from './query-client.ts';

describe('data fetching defaults (SPEC §9)', () => {
  it('retries a server or network failure three times', () => {
    const failure = new ApiError(503, ['Il servizio non è al momento disponibile.']);
    expect([0, 1, 2].map((count) => shouldRetry(count, failure))).toEqual([true, true, true]);
    expect(shouldRetry(3, failure)).toBe(false);
    expect(shouldRetry(0, new ApiError(0, ['Impossibile contattare il server.']))).toBe(true);
  });

  it('does not ask again after a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      expect(shouldRetry(0, new ApiError(status, ['No']))).toBe(false);
    }
  });

  it('doubles the delay from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('keeps unused data for 5 minutes', () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries?.gcTime).toBe(300_000);
  });
});
