import { Box, Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { PARTY_FIELDS } from '@lexpath/shared/parties';
import { Controller, useWatch } from 'react-hook-form';
import type { QuestionForm } from '../question-form.ts';
import { FormCheckbox, FormTextField, SelectField, useErrorAt } from './typed-question-fields.tsx';

const texts = it.partyEditor;

/** Every client field a party may take, named as the register names it, its key after. */
const CLIENT_FIELD_CHOICES = PARTY_FIELDS.map((field) => ({
  value: field.name,
  label: `${field.label} (${field.name})`,
}));

/** The select of the client field bound to `path` ('' for none, or not chosen yet). */
function ClientFieldSelect({
  path,
  label,
  placeholder,
  error,
}: {
  path: string;
  label: string;
  placeholder: string;
  error?: string | undefined;
}) {
  return (
    <Controller
      name={path}
      render={({ field }) => (
        <SelectField
          label={label}
          value={field.value ?? ''}
          placeholder={placeholder}
          choices={CLIENT_FIELD_CHOICES}
          error={error}
          onChange={field.onChange}
        />
      )}
    />
  );
}

/**
 * «Parte del contratto» (DESIGN §15): the question, or the `elenco`, describes a person or a
 * company of the contract; its role groups the questions of one party, and each answer is mapped
 * to a client field, so the register or an earlier document fills the party in one step.
 */
export function PartyFields() {
  const active = useWatch<QuestionForm, 'parte_attiva'>({ name: 'parte_attiva' });
  const type = useWatch<QuestionForm, 'type'>({ name: 'type' });
  const fields = useWatch<QuestionForm, 'fields'>({ name: 'fields' }) ?? [];
  const mappingError = useErrorAt('parte_campo');
  return (
    <Box as="fieldset" borderWidth="1px" borderColor="navy.200" borderRadius="md" p="12" minW="0">
      <Text as="legend" fontWeight="semibold" color="navy.800" px="4">
        {texts.legend}
      </Text>
      <Stack gap="8">
        <FormCheckbox path="parte_attiva" label={texts.mark} />
        <Text textStyle="sm" color="navy.700">
          {texts.markHelp}
        </Text>
        {active ? (
          <>
            <FormTextField path="parte_ruolo" label={texts.role} required />
            <Text textStyle="sm" color="navy.700">
              {texts.roleHelp} {it.lawyerParty.roleHelp}
            </Text>
            {type === 'elenco' ? (
              <>
                {fields.map((field, index) => (
                  <ClientFieldSelect
                    // biome-ignore lint/suspicious/noArrayIndexKey: the form's fields are positional
                    key={index}
                    path={`fields.${index}.parte_campo`}
                    label={texts.fieldOf(
                      field.question.trim() || field.variable || String(index + 1),
                    )}
                    placeholder={texts.none}
                  />
                ))}
                {mappingError ? (
                  <Text role="alert" color="red.700">
                    {mappingError}
                  </Text>
                ) : null}
              </>
            ) : (
              <ClientFieldSelect
                path="parte_campo"
                label={texts.clientField}
                placeholder={texts.chooseField}
                error={mappingError}
              />
            )}
          </>
        ) : null}
      </Stack>
    </Box>
  );
}
