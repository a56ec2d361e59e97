import { Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { PageLoader } from '../../../components/feedback/page-loader.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { useSessionStore } from '../../../lib/storage.ts';
import { toaster } from '../../../lib/toaster.ts';
import { useChangeUserStatusMutation, userQueries } from '../api.ts';
import { UsersTable } from './users-table.tsx';

const texts = it.web.users;

/** The admin's users (SPEC §2): verified accounts, their consents and status actions. */
export function UsersScreen() {
  const [page, setPage] = useState(1);
  const users = useQuery(userQueries.list(page));
  const statusChange = useChangeUserStatusMutation();
  const currentUserId = useSessionStore((state) => state.user?.id ?? null);

  let content = <PageLoader />;
  if (users.data && users.data.results.length === 0) {
    content = <Text color="navy.800">{texts.empty}</Text>;
  } else if (users.data) {
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
  } else if (users.isError) {
    // The failure toast already carries the server's message (SPEC §8).
    content = (
      <Stack gap="16" align="flex-start">
        <AppAlert kind="error">{texts.loadFailed}</AppAlert>
        <Button variant="secondary" onClick={() => void users.refetch()}>
          {texts.retry}
        </Button>
      </Stack>
    );
  }

  return (
    <>
      <PageTitle>{it.web.titles.users}</PageTitle>
      {content}
    </>
  );
}
