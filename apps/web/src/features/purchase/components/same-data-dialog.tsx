import { Box } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { useRef, useState } from 'react';
import { ChoiceDialog } from '../../../components/feedback/choice-dialog.tsx';
import { TemplateChoices } from '../../../components/flow/template-choices.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useStartFromContractMutation } from '../../../lib/open-in-flow.ts';

const texts = it.prefillUi;

/**
 * «Nuovo documento con gli stessi dati» (a document of the archive, or a draft): the lawyer picks
 * a template, the new document starts with every answer of this one that the template takes, and
 * the questionnaire asks only what is missing.
 */
export function SameDataButton({
  contractId,
  title,
  size,
}: {
  contractId: string;
  title: string;
  size?: 'sm' | 'md';
}) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const start = useStartFromContractMutation();
  // One key per dialog opening: a retried click on the same template gets the same document.
  const attempt = useRef(newIdempotencyKey());

  function close() {
    if (start.isPending) return;
    setOpen(false);
    setChosen(null);
    start.reset();
  }

  return (
    <>
      <Button
        ref={opener}
        variant="outline"
        size={size}
        aria-label={texts.sameDataOf(title)}
        onClick={() => {
          attempt.current = newIdempotencyKey();
          setOpen(true);
        }}
      >
        {texts.sameData}
      </Button>
      <ChoiceDialog
        open={open}
        title={texts.pickTitle}
        description={texts.pickText}
        error={start.isError ? `${texts.startFailed} ${errorMessage(start.error)}` : null}
        busy={start.isPending}
        closeLabel={texts.close}
        finalFocusEl={() => opener.current}
        onClose={close}
      >
        <Box>
          <TemplateChoices
            pending={start.isPending ? chosen : null}
            onChoose={(templateId) => {
              if (templateId !== chosen) attempt.current = newIdempotencyKey();
              setChosen(templateId);
              start.mutate({
                templateId,
                from: contractId,
                idempotencyKey: attempt.current,
              });
            }}
          />
        </Box>
      </ChoiceDialog>
    </>
  );
}
