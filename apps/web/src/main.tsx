// First: zod must be jitless before any schema is built (see the module).
import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
