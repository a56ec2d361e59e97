import type { TUserPublic } from '@lexpath/shared/schemas/auth';
import type { TUpdateUser } from '@lexpath/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useSessionStore } from '../../lib/storage.ts';
import { userQueries } from '../../lib/user-queries.ts';

/** SPEC §8/§9: the header and menus pick up the saved profile 2 seconds after the banner. */
export const SESSION_UPDATE_DELAY_MS = 2000;

/** The stored session user takes the saved values, unless someone else signed in since. */
function updateSessionUser(saved: TUserPublic): void {
  const { user, setUser } = useSessionStore.getState();
  if (user?.id !== saved.id) return;
  setUser({ ...user, name: saved.name, surname: saved.surname, newsletter: saved.newsletter });
}

/** PUT /user/{id} with the edited fields only (SPEC §7). */
export function useUpdateProfileMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: TUpdateUser) =>
      api.put<TUserPublic>(`/user/${encodeURIComponent(id)}`, patch),
    onSuccess: (saved) => {
      queryClient.setQueryData(userQueries.detail(id).queryKey, saved);
      // Not cleared on unmount: leaving the page within 2 s must not lose the update.
      setTimeout(() => updateSessionUser(saved), SESSION_UPDATE_DELAY_MS);
    },
    // The profile shows its own banner (SPEC §8).
    meta: { silent: true },
  });
}

/** SPEC §2: a password change is a recovery mail sent to the user's own PEC. */
export function useRequestPasswordChangeMutation() {
  return useMutation({
    mutationFn: async (pec: string) => {
      await api.post('/auth/forgot-password', { pec }, { auth: false });
    },
    meta: { silent: true },
  });
}
