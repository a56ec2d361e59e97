import type { ReactNode } from 'react';
import { usePageTitle } from '../../../lib/use-page-title.ts';

export interface PlainMessageProps {
  title: string;
  children: ReactNode;
  /** The label of the button back to the form. */
  backLabel?: string | undefined;
  onBack?: (() => void) | undefined;
}

/**
 * A full-page message of the sign-in pages (PEC to confirm, account suspended) in plain
 * elements, so the stand-alone login page can show it without Chakra (see plain-field.tsx).
 */
export function PlainMessage({ title, children, backLabel, onBack }: PlainMessageProps) {
  usePageTitle(title);
  return (
    <div className="lp-message">
      <h1 className="lp-title">{title}</h1>
      <div className="lp-message-body">{children}</div>
      {onBack && backLabel ? (
        <button type="button" className="lp-button lp-button-secondary" onClick={onBack}>
          {backLabel}
        </button>
      ) : null}
    </div>
  );
}
