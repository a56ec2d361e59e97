import { Box, Field, Input, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { formatKb } from '../master-form-schema.ts';

export interface MasterFilePickerProps {
  label: string;
  file: File | null;
  /** The stored file of a saved template, when no new one was picked. */
  storedTitle: string;
  error: string | undefined;
  onPick(file: File | null): void;
}

/** One .docx picker of the master files section: the chosen file with its size in KB. */
export function MasterFilePicker({
  label,
  file,
  storedTitle,
  error,
  onPick,
}: MasterFilePickerProps) {
  const texts = it.web.masterForm;
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Field.Label fontWeight="semibold" color="navy.800">
        {label}
      </Field.Label>
      <Input
        type="file"
        accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        bg="white"
        p="4"
        onChange={(event) => onPick(event.target.files?.[0] ?? null)}
      />
      {file ? (
        <Text color="navy.700">{texts.fileSize(file.name, formatKb(file.size))}</Text>
      ) : storedTitle ? (
        <Text color="navy.700">{texts.storedFile(storedTitle)}</Text>
      ) : null}
      <Box minH="20">
        <Field.ErrorText color="red.700">{error}</Field.ErrorText>
      </Box>
    </Field.Root>
  );
}
