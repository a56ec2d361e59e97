import { Box, Dialog, Portal, Stack } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { Button } from '../../../components/ui/button.tsx';
import { prefersReducedMotion } from '../../../lib/flow-timing.ts';

const texts = it.web.lexmind;

/** Built by apps/web/scripts/build-lexmind-video.mjs; served from public/media. */
export const LEXMIND_VIDEO = {
  src: '/media/lexmind-anteprima.webm',
  captions: '/media/lexmind-anteprima.it.vtt',
};

export interface LexmindPreviewDialogProps {
  open: boolean;
  /** Where focus goes back on close: the card that started the choice. */
  finalFocusEl?: () => HTMLElement | null;
  onClose(): void;
}

/**
 * SPEC §1: LexMind is presented as an upcoming feature, with a video and a description.
 * Nothing is created here; closing returns to the list. The video plays by itself unless the
 * user asked the system for less motion. The drawn texts are in the picture; the Italian
 * captions repeat them for assistive technology and are off until the user turns them on.
 */
export function LexmindPreviewDialog({ open, finalFocusEl, onClose }: LexmindPreviewDialogProps) {
  return (
    <Dialog.Root
      open={open}
      finalFocusEl={finalFocusEl}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="720px">
            <Dialog.Header>
              <Dialog.Title color="navy.800">{texts.nextFeatureTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="16">
                <Box asChild width="100%" aspectRatio={16 / 9} bg="navy.900" borderRadius="md">
                  <video
                    controls
                    muted
                    playsInline
                    preload="metadata"
                    autoPlay={!prefersReducedMotion()}
                    aria-label={texts.videoLabel}
                  >
                    <source src={LEXMIND_VIDEO.src} type="video/webm" />
                    <track
                      kind="captions"
                      srcLang="it"
                      label={texts.captionsLabel}
                      src={LEXMIND_VIDEO.captions}
                    />
                    {texts.videoUnsupported}
                  </video>
                </Box>
                <Dialog.Description color="navy.900">{texts.nextFeatureText}</Dialog.Description>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="primary" onClick={onClose}>
                {texts.close}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
