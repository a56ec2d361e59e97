import { it } from '@lexpath/shared/messages/it';
import { ROLES } from '@lexpath/shared/roles';
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { CatalogueDocument } from './features/purchase/components/catalogue-document.tsx';
import { PageNavigationProvider } from './lib/page-navigation.tsx';
import { PATHS } from './lib/paths.ts';
import { pageTitle } from './lib/use-page-title.ts';

/** The document title the screen sets (lib/use-page-title.ts), there before any script runs. */
export const DOCUMENT_TITLE = pageTitle(it.web.titles.contracts);

/**
 * The stand-alone catalogue's HTML, written into catalogue.html when it is served or built
 * (build/prerender-pages.ts): a lawyer's shell whose name is not known yet, the title, the
 * filters and the loading state, painted before any script. catalogue-main.tsx renders the page
 * again over it with the session and the templates.
 */
export function renderDocument(): string {
  // The page's path, so that its menu entry is marked current before any script too.
  const navigation = { navigate: () => undefined, pathname: PATHS.contracts };
  return renderToString(
    <PageNavigationProvider value={navigation}>
      <CatalogueDocument
        queryClient={new QueryClient()}
        session={{ signedIn: true, role: ROLES.user, fullName: '' }}
      />
    </PageNavigationProvider>,
  );
}
