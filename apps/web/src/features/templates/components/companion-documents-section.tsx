import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { DraftCompanion } from '../../../lib/storage.ts';
import { MasterFilePicker } from './master-file-picker.tsx';
import { FormSection } from './master-form-sections.tsx';

const texts = it.documentSetsUi;

/** What is wrong with a companion row, by its key: its name, its file. */
export type CompanionErrors = Record<string, { name?: string; file?: string }>;

/** The rows' problems before a save: a name and a .docx each (stored or picked). */
export function checkCompanions(
  companions: readonly DraftCompanion[],
  picked: ReadonlyMap<string, File>,
): CompanionErrors {
  const errors: CompanionErrors = {};
  companions.forEach((companion, index) => {
    const position = index + 2;
    const file = picked.get(companion.key);
    const problem: { name?: string; file?: string } = {};
    if (companion.name.trim() === '') problem.name = it.documentSets.nameRequired(position);
    if (file && !/\.docx$/i.test(file.name)) problem.file = texts.fileNotDocx(position);
    else if (!file && companion.file_name === '') problem.file = texts.fileMissing(position);
    if (problem.name || problem.file) errors[companion.key] = problem;
  });
  return errors;
}

/**
 * The master form's «Documenti dell'insieme»: the set's companion documents after the master
 * (documents 2, 3…), each a name and a .docx, moved up or down or removed with buttons that say
 * which document they act on. The order here is the order of the preview and the .zip.
 */
export function CompanionDocumentsSection({
  companions,
  mainName,
  onMainNameChange,
  picked,
  errors,
  onChange,
  onPick,
  onAdd,
}: {
  companions: readonly DraftCompanion[];
  /** The master's own name in the set ('' for the template's title). */
  mainName: string;
  onMainNameChange(name: string): void;
  picked: ReadonlyMap<string, File>;
  errors: CompanionErrors;
  onChange(next: DraftCompanion[]): void;
  onPick(key: string, file: File | null): void;
  onAdd(): void;
}) {
  const move = (index: number, by: -1 | 1) => {
    const next = [...companions];
    const [row] = next.splice(index, 1);
    if (row) next.splice(index + by, 0, row);
    onChange(next);
  };
  const rename = (key: string, name: string) =>
    onChange(companions.map((row) => (row.key === key ? { ...row, name } : row)));
  return (
    <FormSection title={it.documentSetsUi.setHeading}>
      <Text color="navy.700">{texts.editorIntro}</Text>
      {companions.length === 0 ? (
        <Text>{texts.editorEmpty}</Text>
      ) : (
        <TextField
          label={texts.mainNameLabel}
          helperText={texts.mainNameHelp}
          value={mainName}
          maxLength={120}
          onChange={(event) => onMainNameChange(event.target.value)}
        />
      )}
      <Stack as="ol" gap="16" listStyleType="none" ms="0">
        {companions.map((companion, index) => {
          const position = index + 2;
          const problem = errors[companion.key] ?? {};
          return (
            <Box
              as="li"
              key={companion.key}
              borderWidth="1px"
              borderColor="beige.300"
              rounded="md"
              p={{ base: '12', md: '16' }}
              minW="0"
            >
              <Heading as="h3" textStyle="md" color="navy.800" mb="8">
                {texts.documentHeading(position)}
              </Heading>
              <TextField
                label={texts.nameLabel(position)}
                required
                value={companion.name}
                maxLength={120}
                error={problem.name}
                onChange={(event) => rename(companion.key, event.target.value)}
              />
              <MasterFilePicker
                label={texts.fileLabel(position)}
                chooseLabel={texts.chooseFile(position)}
                removeLabel={texts.removeFile(position)}
                file={picked.get(companion.key) ?? null}
                storedTitle={companion.file_name ? companion.title || companion.file_name : ''}
                error={problem.file}
                onPick={(file) => onPick(companion.key, file)}
              />
              <HStack gap="8" wrap="wrap">
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={texts.moveUpLabel(position)}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  {texts.moveUp}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={texts.moveDownLabel(position)}
                  disabled={index === companions.length - 1}
                  onClick={() => move(index, 1)}
                >
                  {texts.moveDown}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={texts.removeLabel(position)}
                  onClick={() => onChange(companions.filter((row) => row.key !== companion.key))}
                >
                  {texts.remove}
                </Button>
              </HStack>
            </Box>
          );
        })}
      </Stack>
      <Box>
        <Button variant="secondary" onClick={onAdd}>
          {texts.add}
        </Button>
      </Box>
    </FormSection>
  );
}
