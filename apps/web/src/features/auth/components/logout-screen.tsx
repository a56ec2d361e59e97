import { Center, Spinner, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { clearClientState, useSessionStore } from '../../../lib/storage.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { logout } from '../api.ts';

/** SPEC §2: revoke the refresh token (a failure changes nothing for the visitor), forget
 * everything kept on this device, then go to login. */
export function LogoutScreen() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);
  usePageTitle(it.web.logout.inProgress);

  useEffect(() => {
    // StrictMode runs effects twice; the refresh token must be revoked once.
    if (started.current) return;
    started.current = true;
    const { refreshToken } = useSessionStore.getState();
    const revoke = refreshToken ? logout(refreshToken) : Promise.resolve();
    void revoke
      .catch(() => undefined)
      .finally(() => {
        clearClientState();
        queryClient.clear();
        void navigate(PATHS.login, { replace: true });
      });
  }, [navigate, queryClient]);

  return (
    <Center minH="200" gap="12" role="status">
      <Spinner size="md" color="navy.700" />
      <Text as="h1" textStyle="xl" fontWeight="semibold" color="navy.800">
        {it.web.logout.inProgress}
      </Text>
    </Center>
  );
}
