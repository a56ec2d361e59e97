import { Box, Flex } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { Outlet, useRevalidator } from 'react-router';
import { Header } from './header.tsx';
import { Sidebar } from './sidebar.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';
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

/** The layout of every screen: skip link, header, the role's sidebar, the page. */
export function AppShell() {
  const session = useShellSession();
  useGuardOnSignOut(session);

  return (
    <Flex direction="column" minH="100dvh">
      <SkipLink />
      <Header session={session} />
      <Flex flex="1" align="stretch">
        {session.signedIn ? <Sidebar role={session.role} /> : null}
        <Box
          as="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          flex="1"
          minW="0"
          px={{ base: '16', md: '32' }}
          py={{ base: '24', md: '32' }}
          _focusVisible={{ outline: 'none' }}
        >
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}
