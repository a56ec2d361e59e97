import { itPublic } from '@lexpath/shared/messages/it-public';
import { ROLES } from '@lexpath/shared/roles';
import type { ReactNode } from 'react';
import { PageLink } from '../../lib/page-navigation.tsx';
import { PATHS } from '../../lib/paths.ts';
import { LogoMark } from './logo-mark.tsx';
import { MAIN_CONTENT_ID } from './main-content.ts';
import { MenuEntries } from './menu-entries.tsx';
import {
  MobileMenu,
  MobileMenuButton,
  type MobileMenuControl,
  useMobileMenu,
} from './mobile-menu.tsx';
import './shell.css';
import type { ShellSession } from './use-shell-session.ts';

/** SPEC §2: the logo leads to contracts for users and to users' contracts for the others. */
function logoTarget({ signedIn, role }: ShellSession): string {
  if (!signedIn) return PATHS.login;
  return role === ROLES.user ? PATHS.contracts : PATHS.usersContracts;
}

/** Sticky 60px header: logo; with a session the name and Logout, or the hamburger below `lg`. */
function Header({ session, menu }: { session: ShellSession; menu: MobileMenuControl }) {
  return (
    <header className="lp-shell-header">
      <PageLink
        to={logoTarget(session)}
        className="lp-shell-logo"
        aria-label={itPublic.web.shell.homeLink}
      >
        <LogoMark />
        {itPublic.web.appName}
      </PageLink>
      {session.signedIn ? (
        <>
          <div className="lp-shell-account">
            <p className="lp-shell-name">{session.fullName}</p>
            <PageLink to={PATHS.logout} className="lp-shell-logout">
              {itPublic.web.shell.logout}
            </PageLink>
          </div>
          <MobileMenuButton menu={menu} />
        </>
      ) : null}
    </header>
  );
}

export interface PlainShellProps {
  session: ShellSession;
  children: ReactNode;
}

/**
 * The frame of every screen: skip link, header, the role's sidebar (211px from `lg`), the page.
 * Plain elements and CSS, no router: inside the app links move through the router
 * (app-shell.tsx provides the navigation), on a stand-alone page they load the page.
 */
export function PlainShell({ session, children }: PlainShellProps) {
  const menu = useMobileMenu();
  return (
    <div className="lp-shell">
      {/* First tab stop: jumps past the header and menus (hidden until focused). */}
      <a className="lp-shell-skip" href={`#${MAIN_CONTENT_ID}`}>
        {itPublic.web.shell.skipToContent}
      </a>
      <Header session={session} menu={menu} />
      <div className="lp-shell-body">
        {session.signedIn ? (
          <nav className="lp-shell-sidebar" aria-label={itPublic.web.shell.mainNav}>
            <MenuEntries role={session.role} />
          </nav>
        ) : null}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="lp-shell-main">
          {children}
        </main>
      </div>
      {session.signedIn ? <MobileMenu menu={menu} role={session.role} /> : null}
    </div>
  );
}
