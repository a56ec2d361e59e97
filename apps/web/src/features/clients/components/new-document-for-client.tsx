import { Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TClient } from '@lexpath/shared/schemas/clients';
import type { TTemplateParty } from '@lexpath/shared/schemas/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { ChoiceDialog } from '../../../components/feedback/choice-dialog.tsx';
import { TemplateChoices } from '../../../components/flow/template-choices.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useStartFromContractMutation } from '../../../lib/open-in-flow.ts';

const texts = it.partyPicker;

type Choice = { templateId: string; parties: TTemplateParty[] };

/**
 * «Nuovo documento per questo cliente» on a client's page: the lawyer picks a template; a
 * template with one party starts at once with the client in it, one with several asks «Per
 * quale parte?» first. The questionnaire then asks only what the client did not answer.
 */
export function NewDocumentForClient({ client }: { client: TClient }) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const partyHeading = useId();
  const start = useStartFromContractMutation();
  const parties = useMutation({
    mutationFn: (templateId: string) =>
      api.get<TTemplateParty[]>('/contract/parties', { query: { type: templateId } }),
    meta: { silent: true },
  });
  // One key per template and party: a retried click gets the same document.
  const attempt = useRef(newIdempotencyKey());
  const busy = start.isPending || parties.isPending;

  function close() {
    if (busy) return;
    setOpen(false);
    setChoice(null);
    setChosen(null);
    start.reset();
    parties.reset();
  }

  function startWith(templateId: string, party: TTemplateParty) {
    attempt.current = newIdempotencyKey();
    start.mutate({
      templateId,
      clients: { [party.variable]: client.id },
      idempotencyKey: attempt.current,
    });
  }

  function chooseTemplate(templateId: string) {
    setChosen(templateId);
    start.reset();
    parties.mutate(templateId, {
      onSuccess: (found) => {
        const [only] = found;
        if (found.length === 1 && only) startWith(templateId, only);
        else setChoice({ templateId, parties: found });
      },
    });
  }

  const failure = parties.error ?? start.error;
  let body: React.ReactNode;
  if (choice && choice.parties.length > 1) {
    body = (
      <Stack gap="12">
        <Text id={partyHeading} fontWeight="semibold" color="navy.800">
          {texts.whichParty}
        </Text>
        <Text color="navy.700">{texts.whichPartyText(client.nome_visualizzato)}</Text>
        <Stack as="ul" aria-labelledby={partyHeading} gap="8" listStyleType="none">
          {choice.parties.map((party) => (
            <li key={party.variable}>
              <Button
                variant="outline"
                disabled={start.isPending}
                onClick={() => startWith(choice.templateId, party)}
              >
                {texts.partyOption(party.ruolo)}
              </Button>
            </li>
          ))}
        </Stack>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="12">
        {choice && choice.parties.length === 0 ? (
          <AppAlert kind="info">{texts.noParty}</AppAlert>
        ) : null}
        <TemplateChoices pending={busy ? chosen : null} onChoose={chooseTemplate} />
      </Stack>
    );
  }

  return (
    <>
      {/* Its label is long: on a phone it wraps inside the button instead of widening the page. */}
      <Button
        ref={opener}
        variant="primary"
        maxW="full"
        h="auto"
        py="8"
        whiteSpace="normal"
        onClick={() => setOpen(true)}
      >
        {texts.newForClient}
      </Button>
      <ChoiceDialog
        open={open}
        title={texts.newForClient}
        description={it.prefillUi.pickText}
        error={failure ? `${texts.startFailed} ${errorMessage(failure)}` : null}
        busy={busy}
        closeLabel={texts.close}
        finalFocusEl={() => opener.current}
        onClose={close}
      >
        {body}
      </ChoiceDialog>
    </>
  );
}
