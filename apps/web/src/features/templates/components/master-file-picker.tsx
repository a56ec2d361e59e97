import { Box, Field, FileUpload, HStack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { type Ref, useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { formatKb } from '../master-form-schema.ts';

/** The file dialog offers Word documents only; the form still checks the name (SPEC §5). */
const DOCX_ACCEPT = '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export interface MasterFilePickerProps {
  label: string;
  /** The names of the choose and remove buttons: they say which file, the label aside. */
  chooseLabel: string;
  removeLabel: string;
  file: File | null;
  /** The stored file of a saved template, when no new one was picked. */
  storedTitle: string;
  error: string | undefined;
  onPick(file: File | null): void;
  /** The "choose" button, focused when the form finds this file missing or wrong. */
  triggerRef?: Ref<HTMLButtonElement> | undefined;
  /** Said under the label of a file that may be left out, and read with the button. */
  optionalText?: string | undefined;
}

/**
 * One .docx picker of the master files section, a Chakra file-upload in Italian: the native
 * input stays hidden (its "Choose File / No file chosen" follows the browser's language), a
 * button opens the dialog, and the chosen file shows with its size in KB.
 */
export function MasterFilePicker({
  label,
  chooseLabel,
  removeLabel,
  file,
  storedTitle,
  error,
  onPick,
  triggerRef,
  optionalText,
}: MasterFilePickerProps) {
  const texts = it.web.masterForm;
  const id = useId();
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const describedBy = [optionalText ? helpId : '', statusId, error ? errorId : '']
    .filter(Boolean)
    .join(' ');
  const status = file
    ? texts.fileSize(file.name, formatKb(file.size))
    : storedTitle
      ? texts.storedFile(storedTitle)
      : texts.noFileChosen;
  return (
    <Field.Root invalid={Boolean(error)} required={!optionalText} ids={{ errorText: errorId }}>
      <FileUpload.Root
        maxFiles={1}
        // Any file is taken: a wrong one gets the form's Italian message, not a silent refusal.
        acceptedFiles={file ? [file] : []}
        onFileChange={({ acceptedFiles }) => onPick(acceptedFiles[0] ?? null)}
        gap="8"
      >
        <FileUpload.HiddenInput accept={DOCX_ACCEPT} />
        <Field.Label fontWeight="semibold" color="navy.800">
          {label}
        </Field.Label>
        {optionalText ? (
          <Text id={helpId} color="navy.700" textStyle="sm">
            {optionalText}
          </Text>
        ) : null}
        <HStack gap="12" wrap="wrap" minW="0" maxW="full">
          <FileUpload.Trigger asChild>
            <Button
              ref={triggerRef}
              variant="secondary"
              size="sm"
              aria-label={chooseLabel}
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
              _invalid={{ borderColor: 'border.error', borderWidth: '2px' }}
            >
              {texts.chooseFile}
            </Button>
          </FileUpload.Trigger>
          <Text id={statusId} color="navy.700" minW="0" overflowWrap="anywhere">
            {status}
          </Text>
          {file ? (
            <FileUpload.ClearTrigger asChild>
              <Button variant="outline" size="sm" aria-label={removeLabel}>
                {texts.removeFile}
              </Button>
            </FileUpload.ClearTrigger>
          ) : null}
        </HStack>
      </FileUpload.Root>
      <Box minH="20">
        <Field.ErrorText color="red.700">{error}</Field.ErrorText>
      </Box>
    </Field.Root>
  );
}
