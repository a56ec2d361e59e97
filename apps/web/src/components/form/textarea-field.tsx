import { Box, Field, Textarea, type TextareaProps } from '@chakra-ui/react';

export interface TextareaFieldProps extends TextareaProps {
  label: string;
  /** The validation message; marks the field invalid (red border) and is announced with it. */
  error?: string | undefined;
}

/** A labelled text area with its error text: TextField for texts that run over one line. */
export function TextareaField({ label, error, required, ...textareaProps }: TextareaFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label fontWeight="semibold" color="navy.800">
        {label}
      </Field.Label>
      <Textarea
        bg="white"
        borderColor="navy.300"
        autoresize
        rows={3}
        _invalid={{ borderColor: 'border.error' }}
        {...textareaProps}
      />
      <Box minH="20">
        <Field.ErrorText color="red.700">{error}</Field.ErrorText>
      </Box>
    </Field.Root>
  );
}
