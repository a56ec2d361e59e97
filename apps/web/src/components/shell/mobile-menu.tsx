import { Box, CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TRole } from '@lexpath/shared/roles';
import { LogOut, Menu } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { Button, IconButton } from '../ui/button.tsx';
import { NavLinks } from './nav-links.tsx';

/** SPEC §2: below `lg`, a hamburger opens a full-screen drawer with the menu and Logout.
 * The drawer is a modal dialog, so focus stays inside it until it closes. */
export function MobileMenu({ role }: { role: TRole }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      placement="start"
      size="full"
    >
      <Drawer.Trigger asChild>
        <IconButton
          aria-label={it.web.shell.openMenu}
          variant="transparent"
          size="md"
          color="white"
          focusRingColor="beige.300"
          _hover={{ bg: 'whiteAlpha.200' }}
        >
          <Menu aria-hidden />
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content
            bg="beige.50"
            // Slide without fading: half-transparent text would fail contrast checks mid-way.
            _open={{ animationName: 'slide-from-left-full' }}
            _closed={{ animationName: 'slide-to-left-full' }}
          >
            <Drawer.Header borderBottomWidth="1px" borderColor="beige.300">
              <Drawer.Title textStyle="xl" color="navy.800">
                {it.web.shell.menuTitle}
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body py="16">
              <Box as="nav" aria-label={it.web.shell.mobileNav}>
                <NavLinks role={role} size="drawer" onNavigate={close} />
              </Box>
              <Box mt="24" borderTopWidth="1px" borderColor="beige.300" pt="16">
                <Button asChild variant="secondary" size="menuMobile" onClick={close}>
                  <RouterLink to={PATHS.logout}>
                    <LogOut aria-hidden />
                    {it.web.shell.logout}
                  </RouterLink>
                </Button>
              </Box>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton aria-label={it.web.shell.closeMenu} size="md" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
