import { HStack } from '@chakra-ui/react';
import { type TUserStatus, USER_STATUS } from '@lexpath/shared/roles';
import type { TUserPublic } from '@lexpath/shared/schemas/auth';
import { USER_STATUS_TRANSITIONS } from '@lexpath/shared/schemas/user-admin';
import { Button } from '../../../components/ui/button.tsx';
import { statusActionLabel } from '../api.ts';

export interface UserStatusActionsProps {
  user: TUserPublic;
  /** True while a change of this user is on its way: no second click meanwhile. */
  pending: boolean;
  onChange(status: TUserStatus): void;
}

/** SPEC §4: one button per transition the current status allows (none once refused). */
export function UserStatusActions({ user, pending, onChange }: UserStatusActionsProps) {
  const targets = USER_STATUS_TRANSITIONS[user.status];
  if (targets.length === 0) return null;
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
          onClick={() => onChange(target)}
        >
          {statusActionLabel(user.status, target)}
        </Button>
      ))}
    </HStack>
  );
}
