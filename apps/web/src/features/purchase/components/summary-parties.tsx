import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { isLawyerRole, sameRole } from '@lexpath/shared/parties';
import { clientFromAnswers, partyValuesFromAnswers, rolesOf } from '@lexpath/shared/prefill';
import type { TClient, TClientInput } from '@lexpath/shared/schemas/clients';
import type { TAnswers, TQuestion } from '@lexpath/shared/schemas/questions';
import type { TNextQuestion } from '@lexpath/shared/schemas/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { clientQueries } from '../../../lib/client-queries.ts';
import { toaster } from '../../../lib/toaster.ts';

const texts = it.partyPicker;

type HandParty = { key: string; name: string; client: TClientInput };

function nameOf(client: TClientInput): string {
  const { dati } = client;
  if (client.tipo === 'persona_giuridica') return dati.denominazione ?? '';
  return [dati.nome, dati.cognome].filter(Boolean).join(' ');
}

/**
 * The persons the lawyer typed by hand: each person of each role asked in this session (an
 * `elenco` gives one per item), as a client of the register would hold them. A role whose every
 * answer came prefilled (from the register or an earlier document) is left out.
 */
export function handTypedParties(
  asked: readonly TNextQuestion[],
  answers: TAnswers,
  prefilled: readonly string[],
): HandParty[] {
  // The asked questions carry their party marks and fields, which is all the mapping reads.
  const questions = asked.filter((question) => question.parte) as unknown as TQuestion[];
  return rolesOf(questions).flatMap((role) => {
    // The lawyer's own party is theirs, not a client to save.
    if (isLawyerRole(role)) return [];
    const ofRole = questions.filter(
      (question) => question.parte && sameRole(question.parte.ruolo, role),
    );
    if (ofRole.every((question) => prefilled.includes(question.variable))) return [];
    return partyValuesFromAnswers(ofRole, answers).flatMap((_values, index) => {
      const client = clientFromAnswers(ofRole, answers, index);
      const name = nameOf(client);
      return name ? [{ key: `${role}:${index}`, name, client }] : [];
    });
  });
}

/**
 * «Salva come nuovo cliente» beside each party typed by hand in the summary: one click adds it
 * to the register (POST /client), a toast confirms; a refusal (a codice fiscale the register's
 * checks do not accept) is said here, the answers of the document untouched.
 */
export function SummaryParties({
  asked,
  answers,
  prefilled,
}: {
  asked: readonly TNextQuestion[];
  answers: TAnswers;
  prefilled: readonly string[];
}) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [saved, setSaved] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: (party: HandParty) => api.post<TClient>('/client', party.client),
    onSuccess: (_client, party) => {
      setSaved((before) => [...before, party.key]);
      toaster.create({
        type: 'success',
        title: it.toast.successTitle,
        description: texts.savedAsClient(party.name),
      });
      return queryClient.invalidateQueries({ queryKey: clientQueries.root });
    },
    meta: { silent: true },
  });
  const parties = handTypedParties(asked, answers, prefilled).filter(
    (party) => !saved.includes(party.key),
  );
  if (parties.length === 0 && !save.isError) return null;
  return (
    <Box as="section" aria-labelledby={headingId} bg="white" borderRadius="md" p="16" mb="16">
      <Text as="h2" id={headingId} fontWeight="semibold" color="navy.800" mb="8">
        {texts.saveAsClient}
      </Text>
      {save.isError ? (
        <Box mb="8">
          <AppAlert kind="error">
            {texts.saveAsClientFailed} {errorMessage(save.error)}
          </AppAlert>
        </Box>
      ) : null}
      <Stack as="ul" gap="8" listStyleType="none">
        {parties.map((party) => (
          <Flex as="li" key={party.key} gap="8" align="center" justify="space-between" wrap="wrap">
            <Text color="navy.900" minW="0" overflowWrap="anywhere">
              {party.name}
            </Text>
            <Button
              variant="outline"
              size="sm"
              aria-label={texts.saveAsClientOf(party.name)}
              loading={save.isPending && save.variables?.key === party.key}
              disabled={save.isPending}
              onClick={() => save.mutate(party)}
            >
              {texts.saveAsClient}
            </Button>
          </Flex>
        ))}
      </Stack>
    </Box>
  );
}
