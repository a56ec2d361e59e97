import { itPublic } from '@lexpath/shared/messages/it-public';
import { renderToString } from 'react-dom/server';
import { LoginDocument } from './features/auth/components/login-document.tsx';
import { pageTitle } from './lib/use-page-title.ts';

/** The document title the panel sets (lib/use-page-title.ts), there before any script runs. */
export const DOCUMENT_TITLE = pageTitle(itPublic.web.login.title);

/** The stand-alone login page's HTML, written into login.html when it is served or built
 * (build/prerender-pages.ts); login-main.tsx hydrates it. */
export function renderDocument(): string {
  return renderToString(<LoginDocument />);
}
