import { Box, Field, Input, type InputProps } from '@chakra-ui/react';

export interface TextFieldProps extends InputProps {
  label: string;
  /** The validation message; marks the field invalid and is announced with it. */
  error?: string | undefined;
  /** A rule the value must follow (the password strength), read with the field. */
  helperText?: string | undefined;
  /** Shows the '*' after the label of a required field (hidden from screen readers, which
   * announce the field as required anyway). */
  requiredMark?: boolean;
}

/** A labelled input with its error text, wired for screen readers by Chakra's Field. The
 * error line keeps its height when empty: with validation on blur, a message vanishing
 * under the pointer would move the submit button between mousedown and mouseup. */
export function TextField({
  label,
  error,
  helperText,
  required,
  requiredMark,
  ...inputProps
}: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label fontWeight="semibold" color="navy.800">
        {label}
        {requiredMark ? <Field.RequiredIndicator color="red.700" /> : null}
      </Field.Label>
      {/* The red border is repeated here: a borderColor prop outweighs the recipe's invalid one. */}
      <Input
        size="lg"
        bg="white"
        borderColor="navy.300"
        _invalid={{ borderColor: 'border.error' }}
        {...inputProps}
      />
      {helperText ? <Field.HelperText color="navy.700">{helperText}</Field.HelperText> : null}
      <Box minH="20">
        <Field.ErrorText color="red.700">{error}</Field.ErrorText>
      </Box>
    </Field.Root>
  );
}
