import { itPublic } from '@lexpath/shared/messages/it-public';
import { renderToString } from 'react-dom/server';
import { LoginDocument } from './features/auth/components/login-document.tsx';

/** The document title the panel sets (lib/use-page-title.ts), there before any script runs. */
export const LOGIN_DOCUMENT_TITLE = `${itPublic.web.login.title} | ${itPublic.web.appName}`;

/** The stand-alone login page's HTML, written into login.html when it is served or built
 * (build/prerender-login.ts); login-main.tsx hydrates it. */
export function renderLoginDocument(): string {
  return renderToString(<LoginDocument />);
}
