import { Box, Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { inspectionQuery } from '../blanks.ts';

const texts = it.web.blankConversion;

export interface BlankConversionOfferProps {
  /** The master picked in the form, inspected at once. */
  master: File | null;
  /** An edited template's stored master, inspected only when the editor asks. */
  storedName: string;
  templateId: string;
  onOpen(): void;
}

/**
 * «Converti gli spazi vuoti» under the master picker: a picked master is inspected as soon as it
 * is chosen (the screen reuses the answer), and the action shows when it holds blanks, or when
 * the inspection failed so the screen can retry. A stored master is offered without inspecting
 * it, as downloading it on every edit would cost more than the offer is worth.
 */
export function BlankConversionOffer({
  master,
  storedName,
  templateId,
  onOpen,
}: BlankConversionOfferProps) {
  const inspection = useQuery({
    ...inspectionQuery(
      master ? { kind: 'file', file: master } : { kind: 'stored', templateId },
      storedName,
    ),
    enabled: master !== null,
  });
  let message = '';
  let offered = false;
  if (master) {
    if (inspection.isPending) message = texts.checking;
    else if (inspection.isError) {
      message = texts.checkFailed;
      offered = true;
    } else if (inspection.data.blanks.length > 0) {
      message = texts.found(inspection.data.blanks.length);
      offered = true;
    }
  } else if (templateId && storedName) {
    message = texts.storedHint;
    offered = true;
  }
  return (
    <Stack gap="8" mb={offered ? '16' : '0'}>
      <Box role="status">{message ? <Text color="navy.800">{message}</Text> : null}</Box>
      {offered ? (
        <Box>
          <Button variant="secondary" onClick={onOpen}>
            {texts.open}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}
