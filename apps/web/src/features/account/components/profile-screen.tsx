import { Box, Stack } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { useQuery } from '@tanstack/react-query';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { PageLoader } from '../../../components/feedback/page-loader.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../lib/storage.ts';
import { userQueries } from '../../../lib/user-queries.ts';
import { BillingCard } from './billing-card.tsx';
import { ProfileForm } from './profile-form.tsx';

const texts = it.web.profile;

/** The reserved area (SPEC §2): the signed-in user's record, fresh from the server (the
 * stored session lacks the PEC). */
export function ProfileScreen() {
  const userId = useSessionStore((state) => state.user?.id) ?? '';
  const profile = useQuery({ ...userQueries.detail(userId), enabled: userId !== '' });

  let content = <PageLoader />;
  if (profile.data) {
    content = (
      <Stack gap="24">
        <ProfileForm user={profile.data} />
        <BillingCard user={profile.data} />
      </Stack>
    );
  } else if (profile.isError || userId === '') {
    content = (
      <Stack gap="16" align="flex-start">
        <AppAlert kind="error" title={texts.loadFailed}>
          {profile.isError ? errorMessage(profile.error) : null}
        </AppAlert>
        <Button variant="secondary" onClick={() => void profile.refetch()}>
          {texts.retry}
        </Button>
      </Stack>
    );
  }

  return (
    <Box maxW="720px">
      <PageTitle>{it.web.titles.profile}</PageTitle>
      {content}
    </Box>
  );
}
