import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DOCUMENT_TITLE, renderDocument } from './catalogue-prerender.tsx';
import { redirectFor, startCataloguePage } from './catalogue-start.tsx';
import { buildSessionUser, buildTemplateCard, signInAs } from './test/factories.ts';
import { pointPageAt, startTestApi, type TestApi } from './test/test-api-server.ts';

// The stand-alone catalogue page (issue 13): the frame written into catalogue.html at build
// time, then the page its script starts over it.

let api: TestApi | undefined;
let stop: (() => void) | undefined;
let container: HTMLElement | undefined;

afterEach(async () => {
  act(() => stop?.());
  container?.remove();
  await api?.close();
  stop = undefined;
  api = undefined;
});

/** The page as the browser receives it, started as catalogue-main.tsx does. */
async function startPrerenderedPage() {
  container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderDocument();
  document.body.append(container);
  const page = container;
  await act(async () => {
    stop = await startCataloguePage(page);
  });
}

describe('the stand-alone catalogue page', () => {
  it('holds the signed-in frame, the title, the filters and the loading state in its HTML', () => {
    const page = document.createElement('div');
    page.innerHTML = renderDocument();

    expect(page.querySelector('a[href="#contenuto-principale"]')).not.toBeNull();
    expect(page.querySelector('main#contenuto-principale h1')?.textContent).toBe('Nuovo documento');
    const sidebar = page.querySelector('nav[aria-label="Menu principale"]');
    expect(sidebar?.querySelector('a[aria-current="page"]')?.getAttribute('href')).toBe(
      '/user/contratti',
    );
    expect(sidebar?.querySelector('a[href="/user/archivio"]')?.textContent).toBe('Archivio');
    expect(page.querySelector('a[href="/logout"]')?.textContent).toBe('Logout');
    expect(page.querySelector('input[type="search"]')).not.toBeNull();
    // No template is known at build time: the list is loading, no card is drawn.
    expect(page.querySelector('article')).toBeNull();
    expect(page.textContent).toContain('Caricamento');
    expect(DOCUMENT_TITLE).toBe('Nuovo documento | LexPath');
  });

  it('asks for the templates once and draws the lawyer’s page with them over the frame', async () => {
    api = await startTestApi({
      'GET /api/template': () => ({
        body: { data: { results: [buildTemplateCard()], page: 1, totalPages: 1 } },
      }),
      'GET /api/category': () => ({
        body: { data: { results: [{ id: 'c1', name: 'Famiglia' }], page: 1, totalPages: 1 } },
      }),
      'GET /api/app-config': () => ({
        body: {
          data: {
            supportEmail: 'supporto@lexpath.it',
            faqUrl: 'https://faq.lexpath.it/',
            termsUrl: 'https://lexpath.it/termini',
            privacyUrl: 'https://lexpath.it/privacy',
          },
        },
      }),
    });
    pointPageAt(api.origin);
    signInAs('user');
    await startPrerenderedPage();

    const list = await screen.findByRole('region', { name: 'Nuovo documento' });
    expect(within(list).getByRole('button', { name: 'Contratto di locazione' })).toBeVisible();
    expect(screen.getByText('Giulia Bianchi')).toBeInTheDocument();
    // The FAQ entry joins the menu once the public settings are read, as in the app.
    const faq = await screen.findByRole('link', { name: /^F\.A\.Q\. e Supporto/ });
    expect(faq).toHaveAttribute('href', 'https://faq.lexpath.it/');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Nuovo documento | LexPath'));
    // Asked for by the script before the screen mounted, and not again when it did.
    expect(api.hits('GET /api/template')).toBe(1);
    expect(api.hits('GET /api/category')).toBe(1);
  });

  it('sends a visitor without a session to login and staff to their own landing page', () => {
    expect(redirectFor({ token: null, user: null })).toBe('/login');
    expect(redirectFor({ token: 't', user: buildSessionUser('admin') })).toBe(
      '/admin/contratti-utenti',
    );
    expect(redirectFor({ token: 't', user: buildSessionUser('editor') })).toBe(
      '/admin/master-inseriti',
    );
    expect(redirectFor({ token: 't', user: buildSessionUser('user') })).toBeNull();
  });
});
