import { Box, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { it } from '@lexpath/shared/messages/it';
import { type TCategoryInput, ZCategoryInput } from '@lexpath/shared/schemas/categories';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { categoryQueries } from '../../../lib/category-queries.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useNewCategoryStore } from '../../../lib/storage.ts';
import { useSaveCategoryMutation } from '../api.ts';

const texts = it.web.categoriesAdmin;

/** The category to edit: the one the list stored, or the one `?id=` names (looked up). */
function useEditedCategory() {
  const [search] = useSearchParams();
  const stored = useNewCategoryStore((state) => state.value);
  // The menu's 'Crea categoria' carries no id: a stale stored category must not turn it into an edit.
  const id = search.get('id') ?? '';
  const known = stored.id === id && stored.name !== '';
  const lookup = useQuery({ ...categoryQueries.all(), enabled: Boolean(id) && !known });
  const name = known ? stored.name : lookup.data?.results.find((c) => c.id === id)?.name;
  return { id, name };
}

/** SPEC §2 new/edit category: one name field; toasts, then back to the list. */
export function CategoryFormScreen() {
  const navigate = useNavigate();
  const { id, name } = useEditedCategory();
  const resetStored = useNewCategoryStore((state) => state.reset);
  const mutation = useSaveCategoryMutation(id);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TCategoryInput, unknown, z.output<typeof ZCategoryInput>>({
    mode: 'onTouched',
    resolver: zodResolver(ZCategoryInput),
    defaultValues: { name: name ?? '' },
  });

  useEffect(() => {
    if (name !== undefined) reset({ name });
  }, [name, reset]);

  const submit = handleSubmit((category) =>
    mutation.mutate(category, {
      onSuccess: () => {
        resetStored();
        void navigate(PATHS.categories);
      },
    }),
  );

  return (
    <Box maxW="500px">
      <PageTitle>{id ? texts.editTitle : it.web.titles.newCategory}</PageTitle>
      <form noValidate onSubmit={submit}>
        <Stack gap="12">
          <TextField
            label={texts.name}
            autoComplete="off"
            required
            error={errors.name?.message}
            {...register('name')}
          />
          <Box>
            <Button type="submit" loading={mutation.isPending}>
              {texts.save}
            </Button>
          </Box>
        </Stack>
      </form>
    </Box>
  );
}
