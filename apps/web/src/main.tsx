// First: zod must be jitless before any schema is built (see the module).
import './lib/zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

const root = createRoot(container);
// A transition renders in slices that yield to the browser every few milliseconds, instead of
// one long task that blocks input while Chakra and the first screen render (Lighthouse's TBT).
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>,
  );
});
