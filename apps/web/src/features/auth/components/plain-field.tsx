import { forwardRef, type InputHTMLAttributes, useId } from 'react';

export interface PlainFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The validation message; marks the field invalid and is announced with it. */
  error?: string | undefined;
}

/**
 * A labelled input with its error line, in plain elements styled by login-panel.css: the
 * stand-alone login page carries no Chakra (issue 13). Wired for screen readers as Chakra's
 * Field is (label `for`, `aria-invalid`, `aria-describedby` to the message). The error line
 * keeps its height when empty, so a message vanishing on blur never moves the submit button.
 */
export const PlainField = forwardRef<HTMLInputElement, PlainFieldProps>(function PlainField(
  { label, error, id, ...inputProps },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-errore`;
  return (
    <div className="lp-field">
      <label className="lp-label" htmlFor={inputId}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        className="lp-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...inputProps}
      />
      <div className="lp-field-error-line">
        {error ? (
          <span id={errorId} className="lp-field-error">
            {error}
          </span>
        ) : null}
      </div>
    </div>
  );
});
