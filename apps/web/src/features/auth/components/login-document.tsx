import { itPublic } from '@lexpath/shared/messages/it-public';
import type { TSessionUser } from '@lexpath/shared/schemas/auth';
import { LogoMark } from '../../../components/shell/logo-mark.tsx';
import { MAIN_CONTENT_ID } from '../../../components/shell/main-content.ts';
import { homePathFor, PATHS } from '../../../lib/paths.ts';
import '../../../components/shell/shell.css';
import { LoginPanel } from './login-panel.tsx';

/** The signed-in app starts with a page load: it is a different bundle (see login-main.tsx). */
function openHome(user: TSessionUser): void {
  window.location.replace(homePathFor(user.role));
}

export interface LoginDocumentProps {
  onSignedIn?: (user: TSessionUser) => void;
}

/**
 * The stand-alone /login page: the visitor's shell (skip link, the 60px navy header with the
 * logo) as PlainShell draws it for a visitor, with the shell's stylesheet but not its module
 * (its menu reads the app's settings through React Query, which this page does not load), and
 * the login panel. Rendered to HTML at build time and hydrated by login-main.tsx, so the form
 * shows before any script runs.
 */
export function LoginDocument({ onSignedIn = openHome }: LoginDocumentProps) {
  return (
    <div className="lp-shell">
      <a className="lp-shell-skip" href={`#${MAIN_CONTENT_ID}`}>
        {itPublic.web.shell.skipToContent}
      </a>
      <header className="lp-shell-header">
        <a className="lp-shell-logo" href={PATHS.login} aria-label={itPublic.web.shell.homeLink}>
          <LogoMark />
          {itPublic.web.appName}
        </a>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="lp-shell-main">
        <LoginPanel onSignedIn={onSignedIn} />
      </main>
    </div>
  );
}
