import { TextField, type TextFieldProps } from './text-field.tsx';

export interface PecFieldProps extends Omit<TextFieldProps, 'type' | 'required' | 'autoComplete'> {
  /**
   * 'username' where the owner signs in (password managers pair it with the password),
   * 'email' where they register their own address, 'off' where an admin types someone else's.
   */
  autoComplete: 'username' | 'email' | 'off';
}

/** The required PEC address: an e-mail input, so phones offer the '@' keyboard. */
export function PecField(props: PecFieldProps) {
  return <TextField type="email" required {...props} />;
}
