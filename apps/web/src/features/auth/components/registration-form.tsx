import { Box, Link, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { it } from '@lexpath/shared/messages/it';
import { type TRegistrationForm, ZRegistrationForm } from '@lexpath/shared/schemas/registration';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { NewPasswordField } from '../../../components/form/new-password-field.tsx';
import { PecField } from '../../../components/form/pec-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { RegistrationConsents } from './registration-consents.tsx';

const texts = it.web.registration;

const emptyForm: TRegistrationForm = {
  name: '',
  lastName: '',
  pec: '',
  password: '',
  termsConditions: false,
  specificTermsConditions: false,
  privacy: false,
  newsletter: false,
};

export interface RegistrationFormProps {
  pending: boolean;
  /** A server message to show under the form (a PEC already registered…). */
  errorMessage: string | null;
  onSubmit(form: z.output<typeof ZRegistrationForm>): void;
}

/** SPEC §2/§5: validated when a field is left (then on every change); 500px wide. */
export function RegistrationForm({ pending, errorMessage, onSubmit }: RegistrationFormProps) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<TRegistrationForm, unknown, z.output<typeof ZRegistrationForm>>({
    mode: 'onTouched',
    resolver: zodResolver(ZRegistrationForm),
    defaultValues: emptyForm,
  });

  return (
    <Box maxW="500px" mx="auto" py={{ base: '16', md: '32' }}>
      <PageTitle>{it.web.titles.registration}</PageTitle>
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack gap="12">
          <TextField
            label={texts.name}
            autoComplete="given-name"
            required
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label={texts.lastName}
            autoComplete="family-name"
            required
            error={errors.lastName?.message}
            {...register('lastName')}
          />
          <PecField
            label={texts.pec}
            autoComplete="email"
            error={errors.pec?.message}
            {...register('pec')}
          />
          <NewPasswordField
            label={texts.password}
            error={errors.password?.message}
            {...register('password')}
          />
          <RegistrationConsents control={control} />
          {errorMessage ? <AppAlert kind="error">{errorMessage}</AppAlert> : null}
          <Button type="submit" loading={pending} w="full">
            {texts.submit}
          </Button>
          <Text textAlign="center">
            {texts.haveAccount}{' '}
            <Link asChild color="navy.700" fontWeight="semibold" textDecoration="underline">
              <RouterLink to={PATHS.login}>{texts.login}</RouterLink>
            </Link>
          </Text>
        </Stack>
      </form>
    </Box>
  );
}
