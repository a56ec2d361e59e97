import { ROLES, type TRole } from '@lexpath/shared/roles';
import { useSessionStore } from '../../lib/storage.ts';

export interface ShellSession {
  signedIn: boolean;
  role: TRole;
  fullName: string;
}

/** What the shell needs: SPEC §2 keys the header and menus on a stored refresh token. */
export function useShellSession(): ShellSession {
  const refreshToken = useSessionStore((state) => state.refreshToken);
  const user = useSessionStore((state) => state.user);
  return {
    signedIn: refreshToken !== null,
    role: user?.role ?? ROLES.user,
    fullName: user ? `${user.name} ${user.surname}`.trim() : '',
  };
}
