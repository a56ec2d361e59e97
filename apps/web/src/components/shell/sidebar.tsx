import { Box } from '@chakra-ui/react';
import { itPublic } from '@lexpath/shared/messages/it-public';
import type { TRole } from '@lexpath/shared/roles';
import { NavLinks } from './nav-links.tsx';

export const SIDEBAR_WIDTH = '211px';

/** SPEC §2: the role's menu, 211px wide on large screens, hidden below `lg`. */
export function Sidebar({ role }: { role: TRole }) {
  return (
    <Box
      as="nav"
      aria-label={itPublic.web.shell.mainNav}
      hideBelow="lg"
      w={SIDEBAR_WIDTH}
      flexShrink={0}
      bg="beige.100"
      borderRightWidth="1px"
      borderColor="beige.300"
      px="12"
      py="24"
      position="sticky"
      top="60"
      alignSelf="flex-start"
      minH="calc(100dvh - 60px)"
    >
      <NavLinks role={role} size="sidebar" />
    </Box>
  );
}
