import { itPublic } from '@lexpath/shared/messages/it-public';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import type { AppConfig } from '../../../lib/app-config.ts';
import './login-panel.css';
import { PlainMessage } from './plain-message.tsx';

const texts = itPublic.web.suspended;

/** The support address, read once the message shows (the login page has no query cache). */
function useSupportEmail(): string | undefined {
  const [supportEmail, setSupportEmail] = useState<string>();
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<AppConfig>('/app-config', { auth: false, signal: controller.signal })
      .then((config) => setSupportEmail(config.supportEmail || undefined))
      // Without the address the message says to write from the PEC anyway.
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return supportEmail;
}

/** SPEC §2: suspended under the terms; support answers only from the registered PEC. */
export function AccountSuspendedMessage({ onBack }: { onBack: () => void }) {
  const supportEmail = useSupportEmail();
  return (
    <PlainMessage title={texts.title} backLabel={texts.back} onBack={onBack}>
      <p>{texts.body}</p>
      {supportEmail ? (
        <p>
          {texts.contact}{' '}
          <a className="lp-link" href={`mailto:${supportEmail}`}>
            {supportEmail}
          </a>
        </p>
      ) : (
        <p>{texts.contactWithoutAddress}</p>
      )}
    </PlainMessage>
  );
}
