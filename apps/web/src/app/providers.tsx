import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppToaster } from '../components/feedback/app-toaster.tsx';
import { appSystem } from './theme.ts';

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Theme (light, LTR, Italian locale), server state and the toaster around the router. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <ChakraProvider value={appSystem()}>
      <LocaleProvider locale="it-IT">
        <QueryClientProvider client={queryClient}>
          {children}
          <AppToaster />
        </QueryClientProvider>
      </LocaleProvider>
    </ChakraProvider>
  );
}
