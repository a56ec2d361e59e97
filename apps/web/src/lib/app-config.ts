import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** Public settings the server exposes: support address and external links (SPEC §1). */
export interface AppConfig {
  supportEmail: string;
  faqUrl: string;
  termsUrl: string;
  privacyUrl: string;
}

export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  // Not aborted when a screen unmounts: it is tiny and every later screen wants it.
  queryFn: () => api.get<AppConfig>('/app-config', { auth: false }),
  staleTime: Number.POSITIVE_INFINITY,
  // Only links depend on it; screens render without it rather than raising a toast.
  meta: { silent: true },
});

export function useAppConfig(): AppConfig | undefined {
  return useQuery(appConfigQuery).data;
}
