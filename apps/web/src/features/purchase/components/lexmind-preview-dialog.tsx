import { it } from '@lexpath/shared/messages/it';
import { prefersReducedMotion } from '../../../lib/flow-timing.ts';
import { CatalogueButton } from './catalogue-button.tsx';
import { CatalogueDialog } from './catalogue-dialog.tsx';

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
    <CatalogueDialog
      open={open}
      wide
      title={texts.nextFeatureTitle}
      finalFocusEl={finalFocusEl}
      onClose={onClose}
      media={
        <video
          className="lp-cat-video"
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
      }
      description={texts.nextFeatureText}
      footer={
        <CatalogueButton variant="primary" onClick={onClose}>
          {texts.close}
        </CatalogueButton>
      }
    />
  );
}
