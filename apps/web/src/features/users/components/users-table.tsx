import { Table } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TUserStatus } from '@lexpath/shared/roles';
import type { TUserPublic } from '@lexpath/shared/schemas/auth';
import { UserStatusActions } from './user-status-actions.tsx';

const texts = it.web.users;

export interface UsersTableProps {
  users: TUserPublic[];
  /** The user whose status change is on its way, if any. */
  pendingUserId: string | null;
  /** The signed-in admin: the server refuses changes to one's own account, so no buttons. */
  currentUserId: string | null;
  onChangeStatus(user: TUserPublic, status: TUserStatus): void;
}

/** SPEC §2: Nome, Cognome, Email (the PEC), Consenso Marketing, Status and the actions. */
export function UsersTable({
  users,
  pendingUserId,
  currentUserId,
  onChangeStatus,
}: UsersTableProps) {
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="beige.300" rounded="md" bg="white">
      <Table.Root size="sm">
        <Table.Caption captionSide="top" textAlign="start" color="navy.700" px="12" py="8">
          {texts.caption}
        </Table.Caption>
        <Table.Header>
          <Table.Row bg="beige.100">
            <Table.ColumnHeader color="navy.800">{texts.name}</Table.ColumnHeader>
            <Table.ColumnHeader color="navy.800">{texts.surname}</Table.ColumnHeader>
            <Table.ColumnHeader color="navy.800">{texts.email}</Table.ColumnHeader>
            <Table.ColumnHeader color="navy.800">{texts.marketing}</Table.ColumnHeader>
            <Table.ColumnHeader color="navy.800">{texts.status}</Table.ColumnHeader>
            <Table.ColumnHeader color="navy.800">{texts.actions}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {users.map((user) => (
            <Table.Row key={user.id}>
              <Table.Cell>{user.name}</Table.Cell>
              <Table.Cell>{user.surname}</Table.Cell>
              <Table.Cell wordBreak="break-all">{user.pec}</Table.Cell>
              <Table.Cell>{user.newsletter ? texts.yes : texts.no}</Table.Cell>
              <Table.Cell>{user.status}</Table.Cell>
              <Table.Cell>
                {user.id === currentUserId ? null : (
                  <UserStatusActions
                    user={user}
                    pending={pendingUserId === user.id}
                    onChange={(status) => onChangeStatus(user, status)}
                  />
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
