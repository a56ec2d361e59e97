import { it } from '@lexpath/shared/messages/it';
import { errorMessage } from './api-client.ts';
import { toaster } from './toaster.ts';

/**
 * SPEC §8 toasts of a write: 'Caricamento' with `loading` at once, then the same toast turns
 * into 'Tutto ok!' with `success`, or into the failure toast with the server's message.
 * Spread into useMutation, with `meta.silent` so the failure is not toasted twice.
 */
export function progressToasts(loading: string, success: string) {
  return {
    onMutate: () => ({
      toastId: toaster.create({
        type: 'loading',
        title: it.toast.loadingTitle,
        description: loading,
      }),
    }),
    onSuccess: (_data: unknown, _variables: unknown, context: { toastId: string } | undefined) => {
      if (!context) return;
      toaster.update(context.toastId, {
        type: 'success',
        title: it.toast.successTitle,
        description: success,
        closable: true,
      });
    },
    onError: (error: unknown, _variables: unknown, context: { toastId: string } | undefined) => {
      if (!context) return;
      toaster.update(context.toastId, {
        type: 'error',
        title: it.toast.failureTitle,
        description: errorMessage(error),
        closable: true,
      });
    },
    meta: { silent: true },
  };
}
