import { it } from '@lexpath/shared/messages/it';
import { TextField, type TextFieldProps } from './text-field.tsx';

export interface NewPasswordFieldProps
  extends Omit<TextFieldProps, 'type' | 'required' | 'autoComplete' | 'helperText'> {
  /** The second entry of the same password: the rule is not said twice. */
  confirmation?: boolean;
}

/**
 * A required password being chosen, with the strength rule read out with the field.
 * 'new-password' lets password managers propose one and keeps them from filling an old one.
 */
export function NewPasswordField({ confirmation = false, ...props }: NewPasswordFieldProps) {
  return (
    <TextField
      type="password"
      autoComplete="new-password"
      required
      helperText={confirmation ? undefined : it.web.registration.passwordHelp}
      {...props}
    />
  );
}
