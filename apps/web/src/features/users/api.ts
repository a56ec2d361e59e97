import { it } from '@lexpath/shared/messages/it';
import { ROLES, type TUserStatus, USER_STATUS } from '@lexpath/shared/roles';
import type { TUserPublic } from '@lexpath/shared/schemas/auth';
import type { TPage } from '@lexpath/shared/schemas/pagination';
import type {
  TChangeUserStatus,
  TCreateEditor,
  TUserStatusChanged,
} from '@lexpath/shared/schemas/user-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { progressToasts } from '../../lib/progress-toast.ts';
import { userQueries } from '../../lib/user-queries.ts';

/**
 * POST /auth/change-user-status. The answer carries the new status, which replaces the old
 * one in every cached page at once: the table changes without reloading the list.
 */
export function useChangeUserStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TChangeUserStatus) =>
      api.post<TUserStatusChanged>('/auth/change-user-status', change),
    onSuccess: ({ id, status }) => {
      queryClient.setQueriesData<TPage<TUserPublic>>({ queryKey: userQueries.lists() }, (page) =>
        page
          ? {
              ...page,
              results: page.results.map((user) => (user.id === id ? { ...user, status } : user)),
            }
          : page,
      );
    },
    // Failures get the SPEC §8 toast from the query client.
  });
}

const editorTexts = it.web.createEditor;

/**
 * POST /user with the fields SPEC §7 lists (the server makes every such account a confirmed
 * editor anyway). The toasts follow SPEC §8: 'Caricamento', then 'Tutto ok!' or the failure.
 */
export function useCreateEditorMutation() {
  const queryClient = useQueryClient();
  const toasts = progressToasts(editorTexts.creating, editorTexts.created);
  return useMutation({
    mutationFn: (editor: TCreateEditor) =>
      api.post<TUserPublic>('/user', {
        ...editor,
        role: ROLES.editor,
        email_verified: true,
        status: USER_STATUS.confirmed,
      }),
    ...toasts,
    onSuccess: (editor: TUserPublic, variables: TCreateEditor, context) => {
      toasts.onSuccess(editor, variables, context);
      void queryClient.invalidateQueries({ queryKey: userQueries.lists() });
    },
  });
}

/** SPEC §4: the label of the button that moves a user from `from` to `to`. */
export function statusActionLabel(from: TUserStatus, to: TUserStatus): string {
  const texts = it.web.users;
  if (to === USER_STATUS.refused) return texts.refuse;
  if (to === USER_STATUS.suspended) return texts.suspend;
  return from === USER_STATUS.suspended ? texts.reactivate : texts.accept;
}
