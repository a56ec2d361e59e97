import { Flex, HStack, Text } from '@chakra-ui/react';
import { itPublic } from '@lexpath/shared/messages/it-public';
import { ROLES } from '@lexpath/shared/roles';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { Button } from '../ui/button.tsx';
import { Logo } from './logo.tsx';
import type { ShellSession } from './use-shell-session.ts';

export const HEADER_HEIGHT = '60px';

// The drawer machinery only matters once signed in, so it stays out of the login bundle.
const MobileMenu = lazy(async () => ({ default: (await import('./mobile-menu.tsx')).MobileMenu }));

/** SPEC §2: the logo leads to contracts for users and to users' contracts for the others. */
function logoTarget({ signedIn, role }: ShellSession): string {
  if (!signedIn) return PATHS.login;
  return role === ROLES.user ? PATHS.contracts : PATHS.usersContracts;
}

/** Sticky 60px header: logo; with a session the name and Logout, or the hamburger below `lg`. */
export function Header({ session }: { session: ShellSession }) {
  return (
    <Flex
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      h={HEADER_HEIGHT}
      px={{ base: '16', lg: '24' }}
      align="center"
      justify="space-between"
      bg="navy.700"
      color="white"
    >
      <Logo to={logoTarget(session)} />
      {session.signedIn ? (
        <>
          <HStack gap="16" hideBelow="lg">
            <Text fontWeight="medium">{session.fullName}</Text>
            <Button asChild variant="secondary" size="sm" focusRingColor="beige.300">
              <RouterLink to={PATHS.logout}>{itPublic.web.shell.logout}</RouterLink>
            </Button>
          </HStack>
          <Flex hideFrom="lg">
            <Suspense fallback={null}>
              <MobileMenu role={session.role} />
            </Suspense>
          </Flex>
        </>
      ) : null}
    </Flex>
  );
}
