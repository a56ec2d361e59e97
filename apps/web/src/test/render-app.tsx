import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';
import { createQueryClient } from '../lib/query-client.ts';

export interface RenderAppOptions {
  /** Wraps the app in StrictMode as main.tsx does: effects run twice in development. */
  strict?: boolean;
}

/** Renders the real route table, guard and shell at `path`, as the browser would. */
export function renderApp(path: string, { strict = false }: RenderAppOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const app = (
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { router, ...view };
}
