import { itPublic } from '@lexpath/shared/messages/it-public';
import './login-panel.css';
import { PlainMessage } from './plain-message.tsx';

const texts = itPublic.web.confirmIdentity;

/** SPEC §2: the PEC is not confirmed yet; the link in the PEC message does it. Shown by the
 * login page and after a registration. */
export function ConfirmIdentityMessage({ onBack }: { onBack?: () => void }) {
  return (
    <PlainMessage title={texts.title} backLabel={texts.back} onBack={onBack}>
      <p>{texts.body}</p>
      <p>{texts.next}</p>
    </PlainMessage>
  );
}
