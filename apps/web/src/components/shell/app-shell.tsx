import { useEffect, useMemo, useRef } from 'react';
import { Outlet, useLocation, useNavigate, useRevalidator } from 'react-router';
import { type PageNavigation, PageNavigationProvider } from '../../lib/page-navigation.tsx';
import { PlainShell } from './plain-shell.tsx';
import { type ShellSession, useShellSession } from './use-shell-session.ts';

/** When the session ends outside a navigation (a refused token refresh), the route guard
 * runs again so the visitor lands on the login page. */
function useGuardOnSignOut({ signedIn }: ShellSession): void {
  const revalidator = useRevalidator();
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    if (wasSignedIn.current && !signedIn) void revalidator.revalidate();
    wasSignedIn.current = signedIn;
  }, [signedIn, revalidator]);
}

/**
 * The app's root route: the plain shell around the current route, with the router as the
 * page navigation, so its links (and the plain screens') change route instead of loading a page.
 */
export function AppShell() {
  const session = useShellSession();
  useGuardOnSignOut(session);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const navigation = useMemo<PageNavigation>(
    () => ({ navigate: (path, options) => void navigate(path, options), pathname }),
    [navigate, pathname],
  );

  return (
    <PageNavigationProvider value={navigation}>
      <PlainShell session={session}>
        <Outlet />
      </PlainShell>
    </PageNavigationProvider>
  );
}
