import { Box, Field, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { ReactNode, Ref } from 'react';
import { type UseFormReturn, useController } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '../../../components/form/text-field.tsx';
import { TextareaField } from '../../../components/form/textarea-field.tsx';
import type { MasterFileErrors, TMasterForm, ZMasterForm } from '../master-form-schema.ts';
import { MasterFilePicker } from './master-file-picker.tsx';

const texts = it.web.masterForm;

export type MasterForm = UseFormReturn<TMasterForm, unknown, z.output<typeof ZMasterForm>>;

/** One titled card of the master form; narrower padding on a phone. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      as="section"
      bg="white"
      borderWidth="1px"
      borderColor="beige.300"
      rounded="md"
      p={{ base: '16', md: '24' }}
      minW="0"
    >
      <Heading as="h2" textStyle="xl" color="navy.800" mb="16">
        {title}
      </Heading>
      <Stack gap="8">{children}</Stack>
    </Box>
  );
}

/** Two fields side by side on a wide screen, one under the other on a phone. */
function FieldPair({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ base: 'column', md: 'row' }} gap={{ base: '8', md: '16' }} align="stretch">
      {children}
    </Stack>
  );
}

export function GeneralDataSection({
  form,
  categories,
}: {
  form: MasterForm;
  categories: ReadonlyArray<{ id: string; name: string }>;
}) {
  const {
    register,
    setValue,
    control,
    formState: { errors },
  } = form;
  // Registered in the order shown: the first invalid field in this order gets the focus.
  const nameField = register('name');
  const descriptionField = register('description');
  // Controlled, so the stored category stays chosen once the options arrive; the controller's
  // ref only lends react-hook-form the focus, never the value.
  const { field: category } = useController({ name: 'categoryId', control });
  return (
    <FormSection title={texts.generalData}>
      <TextField label={texts.name} required error={errors.name?.message} {...nameField} />
      <TextareaField
        label={texts.description}
        required
        rows={4}
        error={errors.description?.message}
        {...descriptionField}
      />
      <Field.Root invalid={Boolean(errors.categoryId)} required>
        <Field.Label fontWeight="semibold" color="navy.800">
          {texts.category}
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            ref={category.ref}
            name={category.name}
            onBlur={category.onBlur}
            bg="white"
            _invalid={{ borderColor: 'border.error' }}
            value={category.value}
            onChange={(event) =>
              setValue('categoryId', event.target.value, { shouldValidate: true })
            }
          >
            <option value="">{texts.selectCategory}</option>
            {categories.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Box minH="20">
          <Field.ErrorText color="red.700">{errors.categoryId?.message}</Field.ErrorText>
        </Box>
      </Field.Root>
    </FormSection>
  );
}

export function DocumentDataSection({
  form,
  range,
}: {
  form: MasterForm;
  /** The question and time range computed from the questions, when there are any. */
  range: { min: number; max: number } | null;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormSection title={texts.documentData}>
      {range ? <Text color="navy.700">{texts.computedRange(range.min, range.max)}</Text> : null}
      <FieldPair>
        <TextField
          label={texts.minQuestions}
          inputMode="numeric"
          placeholder={range ? String(range.min) : undefined}
          error={errors.min_questions?.message}
          {...register('min_questions')}
        />
        <TextField
          label={texts.maxQuestions}
          inputMode="numeric"
          placeholder={range ? String(range.max) : undefined}
          error={errors.max_questions?.message}
          {...register('max_questions')}
        />
      </FieldPair>
      <FieldPair>
        <TextField
          label={texts.minTime}
          inputMode="numeric"
          error={errors.min_time?.message}
          {...register('min_time')}
        />
        <TextField
          label={texts.maxTime}
          inputMode="numeric"
          error={errors.max_time?.message}
          {...register('max_time')}
        />
      </FieldPair>
    </FormSection>
  );
}

export function PaymentDataSection({ form }: { form: MasterForm }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormSection title={texts.paymentData}>
      <TextField
        label={texts.price}
        // Cents are typed with a comma ("10,50"): a decimal keypad on a phone.
        inputMode="decimal"
        required
        error={errors.price?.message}
        {...register('price')}
      />
    </FormSection>
  );
}

export type MasterFileRole = 'master' | 'preview';

export interface MasterFilesSectionProps {
  files: Record<MasterFileRole, File | null>;
  /** What each saved file is called, when one is stored; '' otherwise. */
  storedTitles: Record<MasterFileRole, string>;
  errors: MasterFileErrors;
  onPick(role: MasterFileRole, file: File | null): void;
  triggerRefs: Record<MasterFileRole, Ref<HTMLButtonElement>>;
}

export function MasterFilesSection({
  files,
  storedTitles,
  errors,
  onPick,
  triggerRefs,
  afterMaster,
}: MasterFilesSectionProps & { afterMaster?: ReactNode }) {
  return (
    <FormSection title={texts.masterFiles}>
      <MasterFilePicker
        label={texts.master}
        chooseLabel={texts.chooseMaster}
        removeLabel={texts.removeMaster}
        file={files.master}
        storedTitle={storedTitles.master}
        error={errors.master}
        onPick={(file) => onPick('master', file)}
        triggerRef={triggerRefs.master}
      />
      {afterMaster}
      <MasterFilePicker
        label={texts.preview}
        chooseLabel={texts.choosePreview}
        removeLabel={texts.removePreview}
        file={files.preview}
        storedTitle={storedTitles.preview}
        error={errors.preview}
        onPick={(file) => onPick('preview', file)}
        triggerRef={triggerRefs.preview}
        optionalText={texts.previewOptional}
      />
    </FormSection>
  );
}
