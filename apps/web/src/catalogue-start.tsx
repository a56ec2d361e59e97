// The stand-alone catalogue's start (issue 13), apart from its entry (catalogue-main.tsx) so that
// tests can start it.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { resolveGuardRedirect } from './app/guards.ts';
import { CatalogueDocument } from './features/purchase/components/catalogue-document.tsx';
import { prefetchCatalogue } from './features/purchase/components/contracts-screen.tsx';
import { nextTask } from './lib/next-task.ts';
import { PATHS } from './lib/paths.ts';
import { createQueryClient } from './lib/query-client.ts';
import { type SessionState, useSessionStore } from './lib/storage.ts';

/** SPEC §2's guard, as the app's router runs it: where this visitor must go instead, or null. */
export function redirectFor({ token, user }: Pick<SessionState, 'token' | 'user'>): string | null {
  return resolveGuardRedirect(PATHS.contracts, { token, role: user?.role ?? null });
}

/**
 * The templates are asked for first; the page is drawn in a task of its own, as a transition
 * React slices (issue 13: the phone's main thread in tasks of a few milliseconds).
 */
export async function startCataloguePage(container: HTMLElement): Promise<() => void> {
  const queryClient = createQueryClient({
    // Every call of this page shows its own failure where it happened (the list's error
    // state; the optional links stay out), and the app's toasts are Chakra's.
    onFailure: () => undefined,
    // The templates asked for below are not asked again when the screen mounts a moment later.
    staleTime: 30_000,
  });
  prefetchCatalogue(queryClient);
  // A refused token refresh ends the session: the login page, as the app's guard does.
  const unsubscribe = useSessionStore.subscribe((session) => {
    const target = redirectFor(session);
    if (target) window.location.replace(target);
  });
  await nextTask();
  // Rendered afresh over the prerendered frame, not hydrated: the name in the header and a kept
  // search are only known here, and the first paint is the frame's either way.
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <CatalogueDocument queryClient={queryClient} />
      </StrictMode>,
    );
  });
  // What a test calls to take the page down again.
  return () => {
    unsubscribe();
    root.unmount();
  };
}
