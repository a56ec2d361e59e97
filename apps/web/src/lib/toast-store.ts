import { createToaster } from '@chakra-ui/react';

/**
 * Chakra's toast store, SPEC §8: at the bottom, 9 s. A lazy chunk loaded with the first toast
 * (`lib/toaster.ts`): it brings zag's toast machines and their dismiss layer with it.
 */
export const toastStore = createToaster({ placement: 'bottom', duration: 9000, max: 5 });
