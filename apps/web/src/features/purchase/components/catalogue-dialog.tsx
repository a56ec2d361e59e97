import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useScrollLock } from '../../../lib/scroll-lock.ts';
import './catalogue.css';

export interface CatalogueDialogProps {
  open: boolean;
  title: string;
  /** The 720px dialog (the video) instead of the default 450px one (SPEC §9). */
  wide?: boolean;
  /** Where focus goes back on close: the card that opened the dialog. */
  finalFocusEl?: (() => HTMLElement | null) | undefined;
  onClose(): void;
  /** Shown above the description (the video). */
  media?: ReactNode;
  /** The dialog's description for screen readers (`aria-describedby`). */
  description: ReactNode;
  /** Shown below the description (the choices). */
  children?: ReactNode;
  footer: ReactNode;
}

/**
 * A native modal `<dialog>` (issue 13: no Chakra on the stand-alone catalogue): showModal()
 * traps focus, makes the page behind inert and closes on Escape. A click on the backdrop
 * closes it too, as Chakra's did: the content fills the dialog box, so a click whose target is
 * the dialog itself landed outside it.
 */
export function CatalogueDialog({
  open,
  title,
  wide = false,
  finalFocusEl,
  onClose,
  media,
  description,
  children,
  footer,
}: CatalogueDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useScrollLock(open);
  // The latest props for the native close event, which also fires after a close asked by them.
  const latest = useRef({ open, onClose, finalFocusEl });
  latest.current = { open, onClose, finalFocusEl };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) {
      dialog.close();
      finalFocusEl?.()?.focus();
    }
  }, [open, finalFocusEl]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape (or the browser) closed it: tell the screen, and give focus back to the card.
    const closed = () => {
      if (!latest.current.open) return;
      latest.current.onClose();
      latest.current.finalFocusEl?.()?.focus();
    };
    dialog.addEventListener('close', closed);
    return () => dialog.removeEventListener('close', closed);
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes a modal dialog natively; the click is the backdrop's
    <dialog
      ref={ref}
      className={wide ? 'lp-cat-dialog lp-cat-dialog-wide' : 'lp-cat-dialog'}
      aria-labelledby={`${id}-titolo`}
      aria-describedby={`${id}-descrizione`}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? (
        <div>
          <div className="lp-cat-dialog-header">
            <h2 id={`${id}-titolo`} className="lp-cat-dialog-title">
              {title}
            </h2>
          </div>
          <div className="lp-cat-dialog-body">
            {media}
            <p id={`${id}-descrizione`} className="lp-cat-text">
              {description}
            </p>
            {children}
          </div>
          <div className="lp-cat-dialog-footer">{footer}</div>
        </div>
      ) : null}
    </dialog>
  );
}
