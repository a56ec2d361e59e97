import { HStack, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { it } from '@lexpath/shared/messages/it';
import type { TUserPublic } from '@lexpath/shared/schemas/auth';
import { type TProfileForm, type TUpdateUser, ZProfileForm } from '@lexpath/shared/schemas/users';
import { useEffect, useRef, useState } from 'react';
import { type FieldNamesMarkedBoolean, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { SupportMailLink } from '../../../components/feedback/support-mail-link.tsx';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useUpdateProfileMutation } from '../api.ts';
import { AccountCard } from './account-card.tsx';
import { ProfileCard } from './profile-card.tsx';

const texts = it.web.profile;

/** Locked fields still show the user's data: readable, only set apart by the background. */
const lockedStyle = { opacity: 1, bg: 'beige.50', cursor: 'not-allowed' } as const;

type ProfileValues = z.output<typeof ZProfileForm>;

function formValuesOf(user: TUserPublic): TProfileForm {
  return { name: user.name, surname: user.surname, newsletter: user.newsletter };
}

/** SPEC §7: PUT sends only what was edited. */
function editedFields(
  values: ProfileValues,
  dirty: Partial<Readonly<FieldNamesMarkedBoolean<TProfileForm>>>,
): TUpdateUser {
  const patch: TUpdateUser = {};
  if (dirty.name) patch.name = values.name;
  if (dirty.surname) patch.surname = values.surname;
  if (dirty.newsletter) patch.newsletter = values.newsletter;
  return patch;
}

type Outcome = 'saved' | 'failed' | null;

/**
 * SPEC §2/§8: the three cards, read-only until 'Modifica'. A save shows 'Modifica avvenuta
 * con successo.'; a failure shows the retry banner and puts the saved values back.
 */
export function ProfileForm({ user }: { user: TUserPublic }) {
  const [editing, setEditing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const mutation = useUpdateProfileMutation(user.id);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, dirtyFields },
  } = useForm<TProfileForm, unknown, ProfileValues>({
    mode: 'onTouched',
    resolver: zodResolver(ZProfileForm),
    defaultValues: formValuesOf(user),
  });

  // Focus follows the buttons that vanish: into the form on Modifica, back to Modifica after.
  useEffect(() => {
    if (editing) setFocus('name');
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing, setFocus]);

  const finish = (result: Outcome, values: TProfileForm) => {
    reset(values);
    setOutcome(result);
    setEditing(false);
  };

  const save = handleSubmit((values) => {
    const patch = editedFields(values, dirtyFields);
    if (Object.keys(patch).length === 0) return finish(null, formValuesOf(user));
    mutation.mutate(patch, {
      onSuccess: (saved) => finish('saved', formValuesOf(saved)),
      onError: () => finish('failed', formValuesOf(user)),
    });
  });

  const locked = !editing || mutation.isPending;
  return (
    <form noValidate onSubmit={save}>
      <Stack gap="24">
        <ProfileCard title={texts.personalData}>
          <TextField
            label={texts.name}
            autoComplete="given-name"
            required
            disabled={locked}
            _disabled={lockedStyle}
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label={texts.surname}
            autoComplete="family-name"
            required
            disabled={locked}
            _disabled={lockedStyle}
            error={errors.surname?.message}
            {...register('surname')}
          />
        </ProfileCard>
        <AccountCard pec={user.pec} />
        <ProfileCard title={texts.marketing}>
          <CheckboxField
            control={control}
            name="newsletter"
            label={texts.newsletter}
            disabled={locked}
          />
        </ProfileCard>
        {outcome === 'saved' ? <AppAlert kind="success">{texts.saved}</AppAlert> : null}
        {outcome === 'failed' ? (
          <AppAlert kind="error" title={texts.saveFailed}>
            {texts.saveFailedSupport} <SupportMailLink />
          </AppAlert>
        ) : null}
        {/* Distinct keys: were the DOM button reused, the click on Modifica would finish on a
            button that has just become 'Salva' (type submit) and submit the form at once. */}
        {editing ? (
          <HStack key="editing" gap="12">
            <Button type="submit" loading={mutation.isPending}>
              {texts.save}
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={mutation.isPending}
              onClick={() => finish(null, formValuesOf(user))}
            >
              {texts.cancel}
            </Button>
          </HStack>
        ) : (
          <HStack key="reading">
            <Button
              ref={editButton}
              type="button"
              onClick={() => {
                setOutcome(null);
                setEditing(true);
              }}
            >
              {texts.edit}
            </Button>
          </HStack>
        )}
      </Stack>
    </form>
  );
}
