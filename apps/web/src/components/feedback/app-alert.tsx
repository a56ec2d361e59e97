import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type AlertKind = 'info' | 'error' | 'success';

export interface AppAlertProps {
  kind: AlertKind;
  title?: ReactNode;
  children?: ReactNode;
}

/** A brand alert (SPEC §9 variants). Errors are announced at once, the others politely. */
export function AppAlert({ kind, title, children }: AppAlertProps) {
  return (
    <Alert.Root status={kind} variant={kind as never} role={kind === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Content>
        {title ? <Alert.Title>{title}</Alert.Title> : null}
        {children ? <Alert.Description>{children}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}
