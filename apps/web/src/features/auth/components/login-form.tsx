import { Box, Link, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { itPublic } from '@lexpath/shared/messages/it-public';
import { type TLogin, ZLogin } from '@lexpath/shared/schemas/login';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { PecField } from '../../../components/form/pec-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PATHS } from '../../../lib/paths.ts';

const texts = itPublic.web.login;

export interface LoginFormProps {
  pending: boolean;
  /** A server message to show under the form (wrong credentials, awaiting approval…). */
  errorMessage: string | null;
  onSubmit(credentials: z.output<typeof ZLogin>): void;
}

/** SPEC §2/§5: PEC and password, validated on blur with the shared schema; 360px wide. */
export function LoginForm({ pending, errorMessage, onSubmit }: LoginFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TLogin, unknown, z.output<typeof ZLogin>>({
    mode: 'onBlur',
    resolver: zodResolver(ZLogin),
    defaultValues: { pec: '', password: '' },
  });

  return (
    <Box maxW="360px" mx="auto" py={{ base: '16', md: '48' }}>
      <PageTitle>{texts.title}</PageTitle>
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack gap="12">
          <PecField
            label={texts.pec}
            autoComplete="username"
            error={errors.pec?.message}
            {...register('pec')}
          />
          <TextField
            label={texts.password}
            type="password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...register('password')}
          />
          <Link asChild alignSelf="flex-end" color="navy.700" textDecoration="underline">
            <RouterLink to={PATHS.forgotPassword}>{texts.forgotPassword}</RouterLink>
          </Link>
          {errorMessage ? <AppAlert kind="error">{errorMessage}</AppAlert> : null}
          <Button type="submit" loading={pending} w="full">
            {texts.submit}
          </Button>
          <Text textAlign="center">
            {texts.noAccount}{' '}
            <Link asChild color="navy.700" fontWeight="semibold" textDecoration="underline">
              <RouterLink to={PATHS.registration}>{texts.register}</RouterLink>
            </Link>
          </Text>
        </Stack>
      </form>
    </Box>
  );
}
