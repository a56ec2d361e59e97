import { itPublic } from '@lexpath/shared/messages/it-public';
import type { TRole } from '@lexpath/shared/roles';
import { LogOut, Menu, X } from 'lucide-react';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { PageLink } from '../../lib/page-navigation.tsx';
import { PATHS } from '../../lib/paths.ts';
import { useScrollLock } from '../../lib/scroll-lock.ts';
import { MenuEntries } from './menu-entries.tsx';

/** Where the sidebar takes over (Chakra's `lg`): the menu has no reason to stay open there. */
const SIDEBAR_SHOWN = '(min-width: 64em)';

/** The hamburger and its dialog live apart (header, end of the page) and share this. */
export interface MobileMenuControl {
  open: boolean;
  show(): void;
  close(): void;
  dialogRef: RefObject<HTMLDialogElement | null>;
  triggerRef: RefObject<HTMLButtonElement | null>;
  /** The dialog's `close` event, whatever closed it. */
  handleClosed(): void;
}

/**
 * SPEC §2: below `lg`, a hamburger opens a full-screen menu with the entries and Logout. A
 * native modal <dialog>: focus stays inside and the page behind is inert until it closes; it
 * closes on Escape, on its close button and on any entry, and focus goes back to the hamburger.
 */
export function useMobileMenu(): MobileMenuControl {
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  useScrollLock(open);

  useEffect(() => {
    if (!open) return;
    const dialog = dialogRef.current;
    // One way out in every engine, wherever the focus is: the dialog's own Escape handling
    // (a close watcher) may skip a repeated press and is missing from some engines.
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      dialog?.close();
    };
    const wide = window.matchMedia(SIDEBAR_SHOWN);
    const closeWhenWide = () => {
      if (wide.matches) dialog?.close();
    };
    document.addEventListener('keydown', closeOnEscape);
    wide.addEventListener('change', closeWhenWide);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      wide.removeEventListener('change', closeWhenWide);
    };
  }, [open]);

  return {
    open,
    show: () => {
      dialogRef.current?.showModal();
      setOpen(true);
    },
    close: () => dialogRef.current?.close(),
    dialogRef,
    triggerRef,
    handleClosed: () => {
      setOpen(false);
      triggerRef.current?.focus();
    },
  };
}

/** The hamburger in the header (hidden from `lg`). */
export function MobileMenuButton({ menu }: { menu: MobileMenuControl }) {
  return (
    <button
      ref={menu.triggerRef}
      type="button"
      className="lp-shell-icon-button lp-shell-burger"
      aria-label={itPublic.web.shell.openMenu}
      aria-haspopup="dialog"
      aria-expanded={menu.open}
      onClick={menu.show}
    >
      <Menu aria-hidden size={20} />
    </button>
  );
}

/** The full-screen menu, outside the header's landmark as the Chakra drawer's portal was. */
export function MobileMenu({ menu, role }: { menu: MobileMenuControl; role: TRole }) {
  const titleId = useId();
  return (
    <dialog
      ref={menu.dialogRef}
      className="lp-shell-menu"
      aria-labelledby={titleId}
      onClose={menu.handleClosed}
    >
      <div className="lp-shell-menu-header">
        <h2 id={titleId} className="lp-shell-menu-title">
          {itPublic.web.shell.menuTitle}
        </h2>
      </div>
      <div className="lp-shell-menu-body">
        <nav aria-label={itPublic.web.shell.mobileNav}>
          <MenuEntries role={role} large onNavigate={menu.close} />
        </nav>
        <div className="lp-shell-menu-footer">
          <PageLink to={PATHS.logout} className="lp-shell-menu-logout" onClick={menu.close}>
            <LogOut aria-hidden size={24} />
            {itPublic.web.shell.logout}
          </PageLink>
        </div>
      </div>
      <button
        type="button"
        className="lp-shell-icon-button lp-shell-menu-close"
        aria-label={itPublic.web.shell.closeMenu}
        onClick={menu.close}
      >
        <X aria-hidden size={20} />
      </button>
    </dialog>
  );
}
