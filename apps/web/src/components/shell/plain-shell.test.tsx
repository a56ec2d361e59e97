import { it as msg } from '@lexpath/shared/messages/it';
import type { TRole } from '@lexpath/shared/roles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { appConfigRoute, TEST_APP_CONFIG } from '../../test/app-config-api.ts';
import { buildSessionUser } from '../../test/factories.ts';
import {
  pointPageAt,
  setViewportWidth,
  startTestApi,
  type TestApi,
} from '../../test/test-api-server.ts';
import { PlainShell } from './plain-shell.tsx';
import type { ShellSession } from './use-shell-session.ts';

/**
 * The shell as the stand-alone catalogue page hosts it (issue 13): no router, no
 * PageNavigationProvider, no Chakra; links are page loads.
 */
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi(appConfigRoute);
});

afterAll(async () => {
  await api.close();
});

afterEach(() => {
  setViewportWidth(1280);
});

function sessionOf(role: TRole): ShellSession {
  const user = buildSessionUser(role);
  return { signedIn: true, role, fullName: `${user.name} ${user.surname}` };
}

/** Renders the shell at `path` of the page, as a stand-alone page would. */
function renderStandAlone(path: string, session: ShellSession) {
  pointPageAt(api.origin);
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${api.origin}${path}`,
  );
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <PlainShell session={session}>
        <h1>Archivio</h1>
      </PlainShell>
    </QueryClientProvider>,
  );
}

const linksOf = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => [link.textContent?.trim(), link.getAttribute('href')]);

describe('the plain shell on a stand-alone page (no router)', () => {
  it('links every sidebar entry to its page and marks the page shown as current', async () => {
    setViewportWidth(1280);
    renderStandAlone('/user/archivio', sessionOf('user'));

    const sidebar = screen.getByRole('navigation', { name: msg.web.shell.mainNav });
    await waitFor(() =>
      expect(linksOf(sidebar)).toEqual([
        ['Nuovo documento', '/user/contratti'],
        ['Archivio', '/user/archivio'],
        ['Clienti', '/user/clienti'],
        ['Profilo', '/user/area-personale'],
        [msg.web.shell.faq, TEST_APP_CONFIG.faqUrl],
      ]),
    );
    expect(within(sidebar).getByRole('link', { name: 'Archivio' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(sidebar).getByRole('link', { name: 'Nuovo documento' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(within(sidebar).getByRole('link', { name: /F\.A\.Q\. e Supporto/ })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  it('keeps a menu entry current on the pages under it', () => {
    setViewportWidth(1280);
    renderStandAlone('/admin/contratti-utenti/dettaglio-documento', sessionOf('admin'));

    const sidebar = screen.getByRole('navigation', { name: msg.web.shell.mainNav });
    expect(within(sidebar).getByRole('link', { current: 'page' })).toHaveTextContent(
      'Documenti generati',
    );
  });

  it('shows the logo to the role home, the full name and Logout in the header', () => {
    setViewportWidth(1280);
    const session = sessionOf('editor');
    renderStandAlone('/admin/master-inseriti', session);

    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: msg.web.shell.homeLink })).toHaveAttribute(
      'href',
      '/admin/contratti-utenti',
    );
    expect(within(header).getByText(session.fullName)).toBeVisible();
    expect(within(header).getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
    expect(screen.queryByRole('button', { name: msg.web.shell.openMenu })).toBeNull();
  });

  it('offers the skip link first and the main content as its target', async () => {
    renderStandAlone('/user/contratti', sessionOf('user'));
    const user = userEvent.setup();

    await user.tab();
    const skip = screen.getByRole('link', { name: msg.web.shell.skipToContent });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#contenuto-principale');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'contenuto-principale');
  });

  it('shows a visitor only the logo, leading to login', () => {
    renderStandAlone('/login', { signedIn: false, role: 'user', fullName: '' });

    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Logout' })).toBeNull();
    expect(screen.getByRole('link', { name: msg.web.shell.homeLink })).toHaveAttribute(
      'href',
      '/login',
    );
  });
});

describe('the plain mobile menu', () => {
  async function openMenu(role: TRole = 'user', path = '/user/archivio') {
    setViewportWidth(390);
    renderStandAlone(path, sessionOf(role));
    const user = userEvent.setup();
    const hamburger = screen.getByRole('button', { name: msg.web.shell.openMenu });
    expect(screen.queryByRole('navigation', { name: msg.web.shell.mainNav })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(hamburger);
    const menu = await screen.findByRole('dialog', { name: msg.web.shell.menuTitle });
    return { user, hamburger, menu };
  }

  it('opens as a modal dialog with the entries, the current one marked, and Logout', async () => {
    const { hamburger, menu } = await openMenu();

    expect(menu.tagName).toBe('DIALOG');
    expect((menu as HTMLDialogElement).open).toBe(true);
    expect(hamburger).toHaveAttribute('aria-expanded', 'true');
    // The page behind does not scroll while the menu is open (as Chakra's drawer did).
    expect(document.body.style.overflow).toBe('hidden');
    const nav = within(menu).getByRole('navigation', { name: msg.web.shell.mobileNav });
    await waitFor(() =>
      expect(linksOf(nav)).toEqual([
        ['Nuovo documento', '/user/contratti'],
        ['Archivio', '/user/archivio'],
        ['Clienti', '/user/clienti'],
        ['Profilo', '/user/area-personale'],
        [msg.web.shell.faq, TEST_APP_CONFIG.faqUrl],
      ]),
    );
    expect(within(nav).getByRole('link', { current: 'page' })).toHaveTextContent('Archivio');
    expect(within(menu).getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
  });

  it('closes on Escape and gives the focus back to the hamburger', async () => {
    const { user, hamburger, menu } = await openMenu();
    // Where a browser's showModal puts the focus: inside the menu.
    within(menu).getByRole('link', { name: 'Nuovo documento' }).focus();

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(hamburger).toHaveFocus();
    expect(hamburger).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on its close button and gives the focus back to the hamburger', async () => {
    const { user, hamburger, menu } = await openMenu('admin', '/admin/utenti');

    await user.click(within(menu).getByRole('button', { name: msg.web.shell.closeMenu }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(hamburger).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('opens again after it was closed', async () => {
    const { user, hamburger } = await openMenu();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(hamburger);

    expect(await screen.findByRole('dialog', { name: msg.web.shell.menuTitle })).toBeVisible();
  });

  it('closes when the screen grows to the sidebar', async () => {
    const { hamburger } = await openMenu();

    setViewportWidth(1280);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(hamburger).toHaveAttribute('aria-expanded', 'false');
  });
});
