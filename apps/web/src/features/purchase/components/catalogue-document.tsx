import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { PlainShell } from '../../../components/shell/plain-shell.tsx';
import { type ShellSession, useShellSession } from '../../../components/shell/use-shell-session.ts';
import { ContractsScreen } from './contracts-screen.tsx';

export interface CatalogueDocumentProps {
  queryClient: QueryClient;
  /** The prerender's: a lawyer whose name is not known yet. Otherwise the stored session. */
  session?: ShellSession;
}

/**
 * The stand-alone catalogue page (issue 13): the signed-in shell and «Nuovo documento», the same
 * components the app draws at /user/contratti, with no Chakra and no router. Rendered to HTML at
 * build time (catalogue-prerender.tsx) and by catalogue-main.tsx in the browser.
 */
export function CatalogueDocument({ queryClient, session }: CatalogueDocumentProps) {
  const stored = useShellSession();
  return (
    <QueryClientProvider client={queryClient}>
      <PlainShell session={session ?? stored}>
        <ContractsScreen />
      </PlainShell>
    </QueryClientProvider>
  );
}
