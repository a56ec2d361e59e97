import { Box, Dialog, Heading, Portal, Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';

const texts = it.web.lexmind;

export interface GenerationModeDialogProps {
  /** The template whose card was clicked; the dialog is open while it is set. */
  templateName: string | null;
  /** Where focus goes back on cancel: the card that opened the dialog. */
  finalFocusEl?: () => HTMLElement | null;
  onChooseLexpath(): void;
  onChooseLexmind(): void;
  onClose(): void;
}

/**
 * SPEC §2: a LexMind user picks how the document is generated. LexPath continues as a plain
 * card click does (a new document and the questionnaire); LexMind leads to the preview of
 * the upcoming feature.
 */
export function GenerationModeDialog({
  templateName,
  finalFocusEl,
  onChooseLexpath,
  onChooseLexmind,
  onClose,
}: GenerationModeDialogProps) {
  return (
    <Dialog.Root
      open={templateName !== null}
      finalFocusEl={finalFocusEl}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="450px">
            <Dialog.Header>
              <Dialog.Title color="navy.800">{texts.modeTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="16">
                <Dialog.Description color="navy.900">
                  {texts.modeIntro(templateName ?? '')}
                </Dialog.Description>
                <ModeOption
                  name={texts.lexpathName}
                  description={texts.lexpathDescription}
                  action={
                    <Button variant="primary" onClick={onChooseLexpath}>
                      {texts.lexpathChoose}
                    </Button>
                  }
                />
                <ModeOption
                  name={texts.lexmindName}
                  description={texts.lexmindDescription}
                  action={
                    <Button variant="secondary" onClick={onChooseLexmind}>
                      {texts.lexmindChoose}
                    </Button>
                  }
                />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {texts.cancel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ModeOption({
  name,
  description,
  action,
}: {
  name: string;
  description: string;
  action: ReactNode;
}) {
  return (
    <Box as="section" borderWidth="1px" borderColor="beige.500" borderRadius="md" p="16">
      <Stack gap="8" align="flex-start">
        <Heading as="h3" textStyle="md" color="navy.800">
          {name}
        </Heading>
        <Text color="navy.900">{description}</Text>
        {action}
      </Stack>
    </Box>
  );
}
