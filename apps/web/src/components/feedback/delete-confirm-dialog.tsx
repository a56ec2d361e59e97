import { Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { ConfirmDialog } from './confirm-dialog.tsx';

export interface DeleteConfirmDialogProps<T extends { name: string }> {
  /** What is about to be deleted; null keeps the dialog closed. */
  item: T | null;
  title: string;
  /** The sentence naming the item. */
  text(name: string): string;
  pending: boolean;
  onConfirm(item: T): void;
  onClose(): void;
}

/** SPEC §8: a deletion names what goes and says it cannot be undone. */
export function DeleteConfirmDialog<T extends { name: string }>({
  item,
  title,
  text,
  pending,
  onConfirm,
  onClose,
}: DeleteConfirmDialogProps<T>) {
  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      pending={pending}
      onClose={onClose}
      onConfirm={() => {
        if (item) onConfirm(item);
      }}
    >
      <Stack gap="8">
        <Text>{item ? text(item.name) : ''}</Text>
        <Text fontWeight="semibold">{it.web.confirm.irreversible}</Text>
      </Stack>
    </ConfirmDialog>
  );
}
