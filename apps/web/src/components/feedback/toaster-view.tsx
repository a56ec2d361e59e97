import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast } from '@chakra-ui/react';
import type { ToastStore } from '../../lib/toaster.ts';

/**
 * Renders the toasts created through `lib/toaster.ts` (bottom of the screen, SPEC §8). A lazy
 * chunk that `AppToaster` loads with the first toast, handing it the store.
 */
export function ToasterView({ toaster }: { toaster: ToastStore }) {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '16' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" /> : <Toast.Indicator />}
            <Stack gap="4" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? (
                <Toast.Description whiteSpace="pre-line">{toast.description}</Toast.Description>
              ) : null}
            </Stack>
            {toast.closable ? <Toast.CloseTrigger /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
