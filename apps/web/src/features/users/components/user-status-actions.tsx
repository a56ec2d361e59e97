import { HStack } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { type TUserStatus, USER_STATUS } from '@lexpath/shared/roles';
import type { TUserPublic } from '@lexpath/shared/schemas/auth';
import { USER_STATUS_TRANSITIONS } from '@lexpath/shared/schemas/user-admin';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { statusActionLabel } from '../api.ts';

const texts = it.web.users;

export interface UserStatusActionsProps {
  user: TUserPublic;
  /** True while a change of this user is on its way: no second click meanwhile. */
  pending: boolean;
  onChange(status: TUserStatus): void;
}

/** Refusing is final and suspending locks the lawyer out: both are asked once more. */
function confirmationOf(target: TUserStatus, fullName: string) {
  if (target === USER_STATUS.refused) {
    return { title: texts.refuseTitle, text: texts.refuseText(fullName) };
  }
  if (target === USER_STATUS.suspended) {
    return { title: texts.suspendTitle, text: texts.suspendText(fullName) };
  }
  return null;
}

/** SPEC §4: one button per transition the current status allows (none once refused). */
export function UserStatusActions({ user, pending, onChange }: UserStatusActionsProps) {
  // The asked target outlives the dialog's closing animation, so its text does not blank out.
  const [asking, setAsking] = useState<TUserStatus | null>(null);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement | null>(null);
  const targets = USER_STATUS_TRANSITIONS[user.status];
  if (targets.length === 0) return null;
  const fullName = `${user.name} ${user.surname}`;
  const confirmation = asking ? confirmationOf(asking, fullName) : null;
  return (
    <HStack gap="8">
      {targets.map((target) => (
        <Button
          key={target}
          size="xs"
          variant={
            target === USER_STATUS.refused || target === USER_STATUS.suspended
              ? 'outline'
              : 'primary'
          }
          disabled={pending}
          onClick={(event) => {
            if (confirmationOf(target, fullName)) {
              trigger.current = event.currentTarget;
              setAsking(target);
              setOpen(true);
            } else {
              onChange(target);
            }
          }}
        >
          {statusActionLabel(user.status, target)}
        </Button>
      ))}
      <ConfirmDialog
        open={open && confirmation !== null}
        title={confirmation?.title ?? ''}
        confirmLabel={asking ? statusActionLabel(user.status, asking) : undefined}
        danger
        finalFocusEl={() => (trigger.current?.isConnected ? trigger.current : null)}
        onClose={() => setOpen(false)}
        onConfirm={() => {
          if (asking) onChange(asking);
          setOpen(false);
        }}
      >
        {confirmation?.text}
      </ConfirmDialog>
    </HStack>
  );
}
