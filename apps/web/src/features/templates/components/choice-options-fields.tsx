import { Box, Heading, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { Controller, useFieldArray } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import type { QuestionForm } from '../question-form.ts';
import { FormTextField, useErrorAt } from './typed-question-fields.tsx';

const texts = it.web.questionEditor;

/** A multiple choice's answers (added, removed; blank rows are left out) and the switch for several. */
export function ChoiceOptionsFields() {
  const { fields, append, remove } = useFieldArray<QuestionForm, 'options'>({ name: 'options' });
  const optionsError = useErrorAt('options');
  return (
    <>
      <Box as="fieldset" minW="0">
        <Heading as="legend" textStyle="md" color="navy.800" mb="8">
          {texts.options}
        </Heading>
        <Stack gap="4">
          {fields.map((option, position) => (
            <HStack key={option.id} align="flex-start" gap="8">
              <Box flex="1" minW="0">
                <FormTextField
                  path={`options.${position}.text`}
                  label={texts.option(position + 1)}
                />
              </Box>
              <Button size="xs" variant="outline" mt="32" onClick={() => remove(position)}>
                {texts.removeOption(position + 1)}
              </Button>
            </HStack>
          ))}
        </Stack>
        {optionsError ? (
          <Text role="alert" color="red.700">
            {optionsError}
          </Text>
        ) : null}
        <Button
          size="sm"
          variant="secondary"
          mt="8"
          onClick={() => append({ text: '' }, { shouldFocus: false })}
        >
          {texts.addOption}
        </Button>
      </Box>
      <Controller<QuestionForm, 'is_multiple_selection'>
        name="is_multiple_selection"
        render={({ field }) => (
          <Switch.Root
            checked={field.value}
            onCheckedChange={({ checked }) => field.onChange(checked)}
            colorPalette="navy"
          >
            <Switch.HiddenInput ref={field.ref} onBlur={field.onBlur} />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label>{texts.multiple}</Switch.Label>
          </Switch.Root>
        )}
      />
    </>
  );
}
