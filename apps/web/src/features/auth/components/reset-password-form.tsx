import { Box, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { it } from '@lexpath/shared/messages/it';
import { type TResetPasswordForm, ZResetPasswordForm } from '@lexpath/shared/schemas/registration';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { NewPasswordField } from '../../../components/form/new-password-field.tsx';
import { Button } from '../../../components/ui/button.tsx';

const texts = it.web.resetPassword;

export interface ResetPasswordFormProps {
  pending: boolean;
  onSubmit(form: z.output<typeof ZResetPasswordForm>): void;
}

/** SPEC §5: a strong password, typed twice. */
export function ResetPasswordForm({ pending, onSubmit }: ResetPasswordFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TResetPasswordForm, unknown, z.output<typeof ZResetPasswordForm>>({
    mode: 'onTouched',
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { password: '', passwordConfirmation: '' },
  });

  return (
    <Box maxW="360px" mx="auto" py={{ base: '16', md: '48' }}>
      <PageTitle>{it.web.titles.resetPassword}</PageTitle>
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack gap="12">
          <Text>{texts.intro}</Text>
          <NewPasswordField
            label={texts.password}
            error={errors.password?.message}
            {...register('password')}
          />
          <NewPasswordField
            confirmation
            label={texts.passwordConfirmation}
            error={errors.passwordConfirmation?.message}
            {...register('passwordConfirmation')}
          />
          <Button type="submit" loading={pending} w="full">
            {texts.submit}
          </Button>
        </Stack>
      </form>
    </Box>
  );
}
