import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { it } from '@lexpath/shared/messages/it';
import { type TForgotPassword, ZForgotPassword } from '@lexpath/shared/schemas/registration';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { MessageScreen } from '../../../components/feedback/message-screen.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { PecField } from '../../../components/form/pec-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useForgotPasswordMutation } from '../api.ts';

const texts = it.web.forgotPassword;

/** SPEC §2: the PEC, 'Conferma' and 'Annulla' (back to login); then the mail is on its way. */
export function ForgotPasswordScreen() {
  const mutation = useForgotPasswordMutation();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TForgotPassword, unknown, z.output<typeof ZForgotPassword>>({
    mode: 'onTouched',
    resolver: zodResolver(ZForgotPassword),
    defaultValues: { pec: '' },
  });
  const toLogin = () => void navigate(PATHS.login);

  if (mutation.isSuccess) {
    return (
      <MessageScreen
        title={texts.sentTitle}
        action={
          <Button variant="secondary" onClick={toLogin}>
            {texts.back}
          </Button>
        }
      >
        <Text>{texts.sentBody}</Text>
      </MessageScreen>
    );
  }

  return (
    <Box maxW="360px" mx="auto" py={{ base: '16', md: '48' }}>
      <PageTitle>{it.web.titles.forgotPassword}</PageTitle>
      <form noValidate onSubmit={handleSubmit((body) => mutation.mutate(body))}>
        <Stack gap="12">
          <Text>{texts.intro}</Text>
          <PecField
            label={texts.pec}
            autoComplete="username"
            error={errors.pec?.message}
            {...register('pec')}
          />
          {mutation.isError ? (
            <AppAlert kind="error">{errorMessage(mutation.error)}</AppAlert>
          ) : null}
          <HStack gap="12">
            <Button type="submit" loading={mutation.isPending} flex="1">
              {texts.submit}
            </Button>
            <Button type="button" variant="secondary" onClick={toLogin} flex="1">
              {texts.cancel}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}
