import { Dialog, HStack, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface DialogFrameProps {
  open: boolean;
  title: string;
  /** `alertdialog` for a confirmation that interrupts; a plain dialog otherwise. */
  role?: 'dialog' | 'alertdialog';
  maxW: string;
  mx?: string;
  /** Where focus goes on closing: the button that opened the dialog. */
  finalFocusEl?: () => HTMLElement | null;
  onClose(): void;
  /** The buttons, in order. */
  footer: ReactNode;
  children: ReactNode;
}

/**
 * The frame every dialog of the app shares: backdrop, title, body and a row of buttons, focus
 * trapped inside and given back on closing; Escape and the backdrop close it.
 */
export function DialogFrame({
  open,
  title,
  role,
  maxW,
  mx,
  finalFocusEl,
  onClose,
  footer,
  children,
}: DialogFrameProps) {
  return (
    <Dialog.Root
      role={role}
      open={open}
      finalFocusEl={finalFocusEl}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={maxW} mx={mx}>
            <Dialog.Header>
              <Dialog.Title color="navy.800">{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <HStack gap="8">{footer}</HStack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
