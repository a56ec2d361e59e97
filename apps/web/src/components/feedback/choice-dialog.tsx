import { Dialog, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Button } from '../ui/button.tsx';
import { AppAlert } from './app-alert.tsx';
import { DialogFrame } from './dialog-frame.tsx';

export interface ChoiceDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  /** Why the last choice failed, in Italian; shown above the choices. */
  error?: ReactNode;
  /** True while a choice is carried out: the close button waits. */
  busy?: boolean;
  closeLabel: string;
  /** Where focus goes on closing: the button that opened the dialog. */
  finalFocusEl?: () => HTMLElement | null;
  onClose(): void;
  /** The choices: templates, clients… */
  children: ReactNode;
}

/**
 * A dialog where the lawyer picks one thing to go on with (a template, a client): its title, what
 * the choice does, the failure of the last attempt, the choices and «Chiudi». Focus is trapped and
 * goes back to the opener on closing.
 */
export function ChoiceDialog({
  open,
  title,
  description,
  error,
  busy = false,
  closeLabel,
  finalFocusEl,
  onClose,
  children,
}: ChoiceDialogProps) {
  return (
    <DialogFrame
      open={open}
      title={title}
      maxW="560px"
      mx="8"
      finalFocusEl={finalFocusEl}
      onClose={onClose}
      footer={
        <Button variant="outline" onClick={onClose} disabled={busy}>
          {closeLabel}
        </Button>
      }
    >
      <Stack gap="12">
        <Dialog.Description color="navy.700">{description}</Dialog.Description>
        {error ? <AppAlert kind="error">{error}</AppAlert> : null}
        {children}
      </Stack>
    </DialogFrame>
  );
}
