import { itPublic } from '@lexpath/shared/messages/it-public';
import type { TSessionUser } from '@lexpath/shared/schemas/auth';
import { homePathFor, PATHS } from '../../../lib/paths.ts';
import './login-document.css';
import { LoginPanel } from './login-panel.tsx';

const MAIN_CONTENT_ID = 'contenuto-principale';

/** The signed-in app starts with a page load: it is a different bundle (see login-main.tsx). */
function openHome(user: TSessionUser): void {
  window.location.replace(homePathFor(user.role));
}

export interface LoginDocumentProps {
  onSignedIn?: (user: TSessionUser) => void;
}

/**
 * The stand-alone /login page: the visitor's shell (skip link, the 60px navy header with the
 * logo) as the app draws it for a visitor (components/shell), and the login panel. Rendered to
 * HTML at build time and hydrated by login-main.tsx, so the form shows before any script runs.
 */
export function LoginDocument({ onSignedIn = openHome }: LoginDocumentProps) {
  return (
    <div className="lp-page">
      <a className="lp-skip-link" href={`#${MAIN_CONTENT_ID}`}>
        {itPublic.web.shell.skipToContent}
      </a>
      <header className="lp-header">
        <a className="lp-logo" href={PATHS.login} aria-label={itPublic.web.shell.homeLink}>
          <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
            <rect width="32" height="32" rx="6" fill="#F7F1E7" />
            <path d="M9 7h4v14h10v4H9z" fill="#1B2C4A" />
          </svg>
          {itPublic.web.appName}
        </a>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="lp-main">
        <LoginPanel onSignedIn={onSignedIn} />
      </main>
    </div>
  );
}
