import { it } from '@lexpath/shared/messages/it';
import type { ReactNode } from 'react';
import { CatalogueButton } from './catalogue-button.tsx';
import { CatalogueDialog } from './catalogue-dialog.tsx';

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
 * the upcoming feature. Plain elements (issue 13): the catalogue's page carries no Chakra.
 */
export function GenerationModeDialog({
  templateName,
  finalFocusEl,
  onChooseLexpath,
  onChooseLexmind,
  onClose,
}: GenerationModeDialogProps) {
  return (
    <CatalogueDialog
      open={templateName !== null}
      title={texts.modeTitle}
      finalFocusEl={finalFocusEl}
      onClose={onClose}
      description={texts.modeIntro(templateName ?? '')}
      footer={
        <CatalogueButton variant="outline" onClick={onClose}>
          {texts.cancel}
        </CatalogueButton>
      }
    >
      <ModeOption name={texts.lexpathName} description={texts.lexpathDescription}>
        <CatalogueButton variant="primary" onClick={onChooseLexpath}>
          {texts.lexpathChoose}
        </CatalogueButton>
      </ModeOption>
      <ModeOption name={texts.lexmindName} description={texts.lexmindDescription}>
        <CatalogueButton variant="secondary" onClick={onChooseLexmind}>
          {texts.lexmindChoose}
        </CatalogueButton>
      </ModeOption>
    </CatalogueDialog>
  );
}

function ModeOption({
  name,
  description,
  children,
}: {
  name: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section className="lp-cat-mode">
      <h3 className="lp-cat-mode-title">{name}</h3>
      <p className="lp-cat-text">{description}</p>
      {children}
    </section>
  );
}
