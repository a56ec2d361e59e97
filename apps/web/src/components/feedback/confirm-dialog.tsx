import { Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { ReactNode } from 'react';
import { Button } from '../ui/button.tsx';
import { DialogFrame } from './dialog-frame.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  /** True while the confirmed action runs: the buttons wait. */
  pending?: boolean;
  /** The confirmed action destroys or locks out: its button is red. */
  danger?: boolean;
  /** Where focus goes on closing when no Dialog.Trigger opened it: the clicked button. */
  finalFocusEl?: () => HTMLElement | null;
  onConfirm(): void;
  onClose(): void;
}

/** SPEC §8 confirmation dialogs: an alert dialog with Annulla and Conferma, focus trapped. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = it.web.confirm.confirm,
  pending = false,
  danger = false,
  finalFocusEl,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <DialogFrame
      role="alertdialog"
      open={open}
      title={title}
      maxW="450px"
      finalFocusEl={finalFocusEl}
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {it.web.confirm.cancel}
          </Button>
          <Button
            variant={danger ? 'danger' : 'primary'}
            colorPalette={danger ? 'red' : undefined}
            onClick={onConfirm}
            loading={pending}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {typeof children === 'string' ? <Text>{children}</Text> : children}
    </DialogFrame>
  );
}
