import { createToaster } from '@chakra-ui/react';
import { itPublic } from '@lexpath/shared/messages/it-public';
import { errorMessage } from './api-client.ts';

/** SPEC §8: toasts at the bottom, 9 s. */
export const toaster = createToaster({ placement: 'bottom', duration: 9000, max: 5 });

/** The failure toast of SPEC §8: 'Si è verificato un problema' with the server's message. */
export function notifyFailure(error: unknown): void {
  toaster.create({
    type: 'error',
    title: itPublic.toast.failureTitle,
    description: errorMessage(error),
    closable: true,
  });
}
