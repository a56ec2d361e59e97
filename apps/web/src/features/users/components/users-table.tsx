import { it } from '@lexpath/shared/messages/it';
import type { TUserStatus } from '@lexpath/shared/roles';
import type { TUserPublic } from '@lexpath/shared/schemas/auth';
import { type DataColumn, DataTable } from '../../../components/lists/data-table.tsx';
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

/** SPEC §2 Nome, Cognome, Email (the PEC), Consenso Marketing, Status, plus the role. */
const columns: DataColumn<TUserPublic>[] = [
  { key: 'name', header: texts.name, cell: (user) => user.name, inCard: false },
  { key: 'surname', header: texts.surname, cell: (user) => user.surname, inCard: false },
  {
    key: 'pec',
    header: texts.email,
    cell: (user) => user.pec,
    cellProps: { wordBreak: 'break-all' },
  },
  { key: 'role', header: texts.role, cell: (user) => texts.roleNames[user.role] },
  {
    key: 'marketing',
    header: texts.marketing,
    cell: (user) => (user.newsletter ? texts.yes : texts.no),
  },
  { key: 'status', header: texts.status, cell: (user) => user.status },
];

/** The users' table, and a card per user on a phone, with the status actions. */
export function UsersTable({
  users,
  pendingUserId,
  currentUserId,
  onChangeStatus,
}: UsersTableProps) {
  return (
    <DataTable
      caption={texts.caption}
      rows={users}
      rowKey={(user) => user.id}
      columns={columns}
      cardTitle={(user) => `${user.name} ${user.surname}`}
      actions={{
        header: texts.actions,
        cell: (user) =>
          user.id === currentUserId ? null : (
            <UserStatusActions
              user={user}
              pending={pendingUserId === user.id}
              onChange={(status) => onChangeStatus(user, status)}
            />
          ),
      }}
    />
  );
}
