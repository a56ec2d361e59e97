// First: zod must be jitless before any schema is built (see the module).
import './lib/zod-jitless.ts';
import './app/theme/plain-tokens.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { appSystem } from './app/theme.ts';
import { nextTask } from './lib/next-task.ts';
import { createQueryClient } from './lib/query-client.ts';

/**
 * The start in tasks of its own rather than one with the bundle's evaluation (issue 13: a phone's
 * main thread was blocked for ~360 ms at a time): the router first, so that the first screen's
 * chunk is under way while the Chakra system is built in the next task; the first render last,
 * as a transition, which React slices into tasks of a few milliseconds.
 */
async function start(container: HTMLElement) {
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  appSystem();
  await nextTask();
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={createQueryClient()}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');
void start(container);
