import { it } from '@lexpath/shared/messages/it';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { ListState } from '../../../components/lists/list-states.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { useSessionStore } from '../../../lib/storage.ts';
import { toaster } from '../../../lib/toaster.ts';
import { userQueries } from '../../../lib/user-queries.ts';
import { useChangeUserStatusMutation } from '../api.ts';
import { UsersTable } from './users-table.tsx';

const texts = it.web.users;

/** The admin's users (SPEC §2): verified accounts, their consents and status actions. */
export function UsersScreen() {
  const [page, setPage] = useState(1);
  const users = useQuery(userQueries.list(page));
  const statusChange = useChangeUserStatusMutation();
  const currentUserId = useSessionStore((state) => state.user?.id ?? null);

  let content = <ListState query={users} emptyText={texts.empty} errorText={texts.loadFailed} />;
  if (users.data && users.data.results.length > 0) {
    content = (
      <>
        <UsersTable
          users={users.data.results}
          currentUserId={currentUserId}
          pendingUserId={statusChange.isPending ? (statusChange.variables?.userId ?? null) : null}
          onChangeStatus={(user, status) =>
            statusChange.mutate(
              { userId: user.id, status },
              {
                // Announced politely: the clicked button is gone with the old status.
                onSuccess: (changed) =>
                  toaster.create({
                    type: 'success',
                    title: it.toast.successTitle,
                    description: texts.statusChanged(
                      `${user.name} ${user.surname}`,
                      changed.status,
                    ),
                  }),
              },
            )
          }
        />
        <Pager page={page} totalPages={users.data.totalPages} onPageChange={setPage} />
      </>
    );
  }

  return (
    <>
      <PageTitle>{it.web.titles.users}</PageTitle>
      {content}
    </>
  );
}
