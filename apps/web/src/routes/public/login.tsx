import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LoginPanel } from '../../features/auth/components/login-panel.tsx';
import { homePathFor } from '../../lib/paths.ts';

/** /login inside the app (after a logout, a link, the guard). A page load of /login gets the
 * stand-alone page instead (login-main.tsx); both show the same panel. */
export function LoginRoute() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <LoginPanel
      onSignedIn={(user) => {
        // Nothing cached for a previous visitor may leak into this session.
        queryClient.clear();
        void navigate(homePathFor(user.role), { replace: true });
      }}
    />
  );
}
