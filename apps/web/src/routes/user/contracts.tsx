import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ContractsScreen } from '../../features/purchase/components/contracts-screen.tsx';
import { type PageNavigation, PageNavigationProvider } from '../../lib/page-navigation.tsx';

/**
 * Inside the app a card moves through the router, not by page load (the plain screen asks
 * `usePageNavigation`). Redundant once the app shell provides the router's navigation to every
 * screen (issue 13, app-shell.tsx); harmless until then and after.
 */
export function ContractsRoute() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const navigation = useMemo<PageNavigation>(
    () => ({ navigate: (path, options) => void navigate(path, options), pathname }),
    [navigate, pathname],
  );
  return (
    <PageNavigationProvider value={navigation}>
      <ContractsScreen />
    </PageNavigationProvider>
  );
}
