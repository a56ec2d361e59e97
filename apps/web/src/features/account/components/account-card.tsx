import { Box, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { SupportMailLink } from '../../../components/feedback/support-mail-link.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useRequestPasswordChangeMutation } from '../api.ts';
import { ProfileCard } from './profile-card.tsx';

const texts = it.web.profile;

/** SPEC §2: the PEC cannot be edited here (support does it); the password changes through
 * the recovery mail. Independent of Modifica: it is not part of the profile form. */
export function AccountCard({ pec }: { pec: string }) {
  const passwordChange = useRequestPasswordChangeMutation();
  return (
    <ProfileCard title={texts.account}>
      <TextField label={texts.pec} value={pec} readOnly />
      <Box>
        <Button
          type="button"
          variant="secondary"
          loading={passwordChange.isPending}
          onClick={() => passwordChange.mutate(pec)}
        >
          {texts.changePassword}
        </Button>
      </Box>
      {passwordChange.isSuccess ? (
        <AppAlert kind="success">{texts.changePasswordSent}</AppAlert>
      ) : null}
      {passwordChange.isError ? (
        <AppAlert kind="error" title={texts.changePasswordFailed}>
          {texts.changePasswordSupport} <SupportMailLink />
        </AppAlert>
      ) : null}
      <Text>
        {texts.pecChange} <SupportMailLink subject={texts.pecChangeSubject} />
      </Text>
      <Text>
        {texts.deletion} <SupportMailLink subject={texts.deletionSubject} />
      </Text>
    </ProfileCard>
  );
}
