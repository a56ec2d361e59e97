import { it as msg } from '@lexpath/shared/messages/it';
import type { TRole } from '@lexpath/shared/roles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useCategorySearchStore } from '../../lib/storage.ts';
import { appConfigRoute, TEST_APP_CONFIG } from '../../test/app-config-api.ts';
import { signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import {
  pointPageAt,
  setViewportWidth,
  startTestApi,
  type TestApi,
} from '../../test/test-api-server.ts';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi(appConfigRoute);
  pointPageAt(api.origin);
});

afterAll(async () => {
  await api.close();
});

afterEach(() => {
  setViewportWidth(1280);
});

const MENUS: Record<TRole, { landing: string; items: string[]; faq: boolean; logo: string }> = {
  user: {
    landing: '/user/contratti',
    items: ['Nuovo documento', 'Archivio', 'Clienti', 'Profilo'],
    faq: true,
    logo: '/user/contratti',
  },
  editor: {
    landing: '/admin/master-inseriti',
    items: ['Master inseriti', 'Editor'],
    faq: true,
    logo: '/admin/contratti-utenti',
  },
  admin: {
    landing: '/admin/contratti-utenti',
    items: [
      'Documenti generati',
      'Fatture',
      'Stato del servizio',
      'Utenti',
      'Master inseriti',
      'Categorie inserite',
      'Editor',
      'Crea utente editor',
      'Crea categoria',
    ],
    faq: false,
    logo: '/admin/contratti-utenti',
  },
};

const linkNames = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => link.textContent?.trim());

describe.each(Object.entries(MENUS))('the shell of a signed-in %s', (role, menu) => {
  it('lists the role menu in the sidebar, with the FAQ link for non-admins', async () => {
    setViewportWidth(1280);
    signInAs(role as TRole);
    renderApp(menu.landing);

    const sidebar = await screen.findByRole('navigation', { name: msg.web.shell.mainNav });
    const expected = menu.faq ? [...menu.items, msg.web.shell.faq] : menu.items;
    await waitFor(() => expect(linkNames(sidebar)).toEqual(expected));
    if (menu.faq) {
      expect(within(sidebar).getByRole('link', { name: /F\.A\.Q\. e Supporto/ })).toHaveAttribute(
        'href',
        TEST_APP_CONFIG.faqUrl,
      );
    }
  });

  it('shows the full name, a Logout link and a logo leading to the role home', async () => {
    setViewportWidth(1280);
    const user = signInAs(role as TRole);
    renderApp(menu.landing);

    const header = await screen.findByRole('banner');
    expect(within(header).getByText(`${user.name} ${user.surname}`)).toBeVisible();
    expect(within(header).getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
    expect(within(header).getByRole('link', { name: msg.web.shell.homeLink })).toHaveAttribute(
      'href',
      menu.logo,
    );
    expect(screen.queryByRole('button', { name: 'Apri il menu' })).toBeNull();
  });
});

describe('the shell without a session', () => {
  it('shows only the logo: no menu, no name, no Logout', async () => {
    renderApp('/login');

    await screen.findByRole('heading', { name: msg.web.login.title });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: msg.web.shell.homeLink })).toBeVisible();
  });

  it('offers a skip link to the main content first', async () => {
    renderApp('/login');

    const skip = await screen.findByRole('link', { name: msg.web.shell.skipToContent });
    expect(skip).toHaveAttribute('href', '#contenuto-principale');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'contenuto-principale');
  });
});

describe('the shell on a small screen', () => {
  it('hides the sidebar and opens a drawer with the menu and Logout', async () => {
    setViewportWidth(480);
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/contratti-utenti');

    await user.click(await screen.findByRole('button', { name: 'Apri il menu' }));
    expect(screen.queryByRole('navigation', { name: msg.web.shell.mainNav })).toBeNull();

    const drawer = await screen.findByRole('dialog', { name: msg.web.shell.menuTitle });
    const drawerNav = within(drawer).getByRole('navigation', { name: msg.web.shell.mobileNav });
    expect(linkNames(drawerNav)).toEqual(MENUS.admin.items);
    expect(within(drawer).getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
  });

  it('clears the category search and closes the drawer when an item is chosen', async () => {
    setViewportWidth(480);
    signInAs('user');
    useCategorySearchStore.getState().set({ value: 'locazione', category: 'c1' });
    const user = userEvent.setup();
    renderApp('/user/contratti');

    const hamburger = await screen.findByRole('button', { name: 'Apri il menu' });
    await user.click(hamburger);
    const drawer = await screen.findByRole('dialog', { name: msg.web.shell.menuTitle });
    await user.click(within(drawer).getByRole('link', { name: 'Archivio' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Archivio' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(useCategorySearchStore.getState().value).toEqual({ value: '', category: '' });
    expect(hamburger).toHaveFocus();
  });
});
