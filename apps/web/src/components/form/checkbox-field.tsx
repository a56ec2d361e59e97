import { Box, Checkbox, Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

export interface CheckboxFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  /** May hold links (terms, privacy): a link inside the label opens without ticking the box. */
  label: ReactNode;
  required?: boolean;
  disabled?: boolean;
}

/**
 * A react-hook-form checkbox with its error text. Ark's checkbox is controlled through
 * `onCheckedChange`, so it goes through a controller; the hidden native input takes the ref
 * (focus on the first error) and the blur (validation mode 'onTouched').
 */
export function CheckboxField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
}: CheckboxFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field.Root invalid={Boolean(fieldState.error)} required={required} disabled={disabled}>
      <Checkbox.Root
        checked={field.value === true}
        onCheckedChange={({ checked }) => field.onChange(checked === true)}
        alignItems="flex-start"
        colorPalette="navy"
      >
        <Checkbox.HiddenInput ref={field.ref} name={field.name} onBlur={field.onBlur} />
        <Checkbox.Control mt="2" borderColor="navy.500" />
        <Checkbox.Label fontWeight="normal" color="navy.900">
          {label}
        </Checkbox.Label>
      </Checkbox.Root>
      <Box minH="20">
        <Field.ErrorText color="red.700">{fieldState.error?.message}</Field.ErrorText>
      </Box>
    </Field.Root>
  );
}
