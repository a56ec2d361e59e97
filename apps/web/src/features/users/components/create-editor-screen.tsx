import { Box, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { it } from '@lexpath/shared/messages/it';
import { type TCreateEditor, ZCreateEditor } from '@lexpath/shared/schemas/user-admin';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { NewPasswordField } from '../../../components/form/new-password-field.tsx';
import { PecField } from '../../../components/form/pec-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useCreateEditorMutation } from '../api.ts';

const texts = it.web.createEditor;

const emptyForm: TCreateEditor = { name: '', surname: '', pec: '', password: '' };

/** SPEC §2/§5: an admin creates an editor; every field required, the password strong. The
 * outcome is told by toasts (SPEC §8); the form empties once the editor exists. */
export function CreateEditorScreen() {
  const mutation = useCreateEditorMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TCreateEditor, unknown, z.output<typeof ZCreateEditor>>({
    mode: 'onTouched',
    resolver: zodResolver(ZCreateEditor),
    defaultValues: emptyForm,
  });

  const submit = handleSubmit((editor) =>
    mutation.mutate(editor, { onSuccess: () => reset(emptyForm) }),
  );

  return (
    <Box maxW="500px">
      <PageTitle>{it.web.titles.createEditor}</PageTitle>
      <form noValidate onSubmit={submit}>
        <Stack gap="12">
          <TextField
            label={texts.name}
            autoComplete="off"
            required
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label={texts.surname}
            autoComplete="off"
            required
            error={errors.surname?.message}
            {...register('surname')}
          />
          <PecField
            label={texts.pec}
            autoComplete="off"
            error={errors.pec?.message}
            {...register('pec')}
          />
          <NewPasswordField
            label={texts.password}
            error={errors.password?.message}
            {...register('password')}
          />
          <Box>
            <Button type="submit" loading={mutation.isPending}>
              {texts.submit}
            </Button>
          </Box>
        </Stack>
      </form>
    </Box>
  );
}
