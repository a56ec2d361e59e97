import { it as msg } from '@lexpath/shared/messages/it';
import type { TRole } from '@lexpath/shared/roles';
import { act, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSessionStore } from '../lib/storage.ts';
import { appConfigRoute } from '../test/app-config-api.ts';
import { signInAs } from '../test/factories.ts';
import { renderApp } from '../test/render-app.tsx';
import { pointPageAt, startTestApi, type TestApi } from '../test/test-api-server.ts';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi(appConfigRoute);
  pointPageAt(api.origin);
});

afterAll(async () => {
  await api.close();
});

async function expectScreen(title: string) {
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
}

describe('the route table', () => {
  it.each([
    [null, '/registrazione', 'Registrazione'],
    [null, '/recupero-password', 'Recupero password'],
    [null, '/reset-password?token=abc', 'Reset password'],
    // Without a token the verify screen fails at once, without calling the API.
    [null, '/verify-email', "Verifica dell'E-mail fallita"],
    ['user', '/user/contratti', 'Nuovo documento'],
    ['user', '/user/archivio', 'Archivio'],
    ['user', '/user/archivio/dettaglio-documento', 'Dettaglio documento'],
    ['user', '/user/area-personale', 'Profilo'],
    ['user', '/user/clienti', 'Clienti'],
    ['user', '/user/clienti/nuovo', 'Nuovo cliente'],
    ['user', '/user/clienti/c-1', 'Modifica cliente'],
    ['user', '/user/nuovo-contratto/questionario', 'Questionario'],
    ['user', '/user/nuovo-contratto/riepilogo', 'Riepilogo'],
    ['user', '/user/nuovo-contratto/anteprima', 'Anteprima'],
    ['user', '/user/nuovo-contratto/carrello', 'Carrello'],
    ['user', '/pagamento-di-prova', 'Pagamento di prova'],
    ['admin', '/admin/contratti-utenti', 'Documenti generati'],
    ['admin', '/admin/contratti-utenti/dettaglio-documento', 'Dettaglio documento'],
    ['admin', '/admin/utenti', 'Utenti'],
    ['admin', '/admin/nuovo-documento', 'Inserimento nuovo master'],
    ['admin', '/admin/nuovo-documento/caricamento-domande', 'Caricamento domande'],
    ['admin', '/admin/nuovo-documento/converti-spazi-vuoti', 'Converti gli spazi vuoti'],
    ['admin', '/admin/master-inseriti', 'Master inseriti'],
    ['admin', '/admin/master-inseriti/questionario', 'Questionario'],
    ['admin', '/admin/master-inseriti/riepilogo', 'Riepilogo'],
    ['admin', '/admin/master-inseriti/anteprima', 'Anteprima'],
    ['admin', '/admin/categorie', 'Categorie inserite'],
    ['admin', '/admin/nuova-categoria', 'Nuova categoria'],
    ['admin', '/admin/crea-editor', 'Crea utente editor'],
    ['admin', '/admin/fatture', 'Fatture'],
    ['admin', '/admin/stato-del-servizio', 'Stato del servizio'],
  ] as Array<[TRole | null, string, string]>)('as %s, %s shows "%s"', async (role, path, title) => {
    if (role) signInAs(role);
    const { router } = renderApp(path);

    await expectScreen(title);
    expect(router.state.location.pathname).toBe(path.split('?')[0]);
    await waitFor(() => expect(document.title).toBe(`${title} | LexPath`));
  });

  it.each([
    ['user', '/user', '/user/contratti', 'Nuovo documento'],
    ['user', '/user/nuovo-contratto', '/user/nuovo-contratto/questionario', 'Questionario'],
    ['admin', '/admin', '/admin/contratti-utenti', 'Documenti generati'],
    ['editor', '/admin', '/admin/master-inseriti', 'Master inseriti'],
  ] as Array<[TRole, string, string, string]>)(
    'as %s, %s leads to %s',
    async (role, from, to, title) => {
      signInAs(role);
      const { router } = renderApp(from);

      await expectScreen(title);
      expect(router.state.location.pathname).toBe(to);
    },
  );
});

describe('the guard inside the router', () => {
  it('sends a visitor from the root to the login form', async () => {
    const { router } = renderApp('/');

    await expectScreen(msg.web.login.title);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a visitor from a reserved page to the login form', async () => {
    const { router } = renderApp('/user/archivio');

    await expectScreen(msg.web.login.title);
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each([
    ['/admin/utenti', 'Master inseriti'],
    ['/admin/contratti-utenti', 'Master inseriti'],
    ['/admin/crea-editor', 'Master inseriti'],
    ['/admin/fatture', 'Master inseriti'],
    ['/admin/nuova-categoria', 'Categorie inserite'],
    ['/user/contratti', 'Master inseriti'],
  ])('sends an editor away from %s to "%s"', async (path, title) => {
    signInAs('editor');
    renderApp(path);

    await expectScreen(title);
  });

  it('sends a signed-in user away from the login page', async () => {
    signInAs('user');
    renderApp('/login');

    await expectScreen('Nuovo documento');
  });

  it('sends to the login page when the session ends on a reserved screen', async () => {
    signInAs('user');
    const { router } = renderApp('/user/archivio');
    await expectScreen('Archivio');

    act(() => useSessionStore.getState().clear());

    await expectScreen(msg.web.login.title);
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('the error page', () => {
  it('answers an unknown address with 404', async () => {
    renderApp('/pagina-che-non-esiste');

    await expectScreen('Unexpected Application Error');
    expect(screen.getByText('404 Not Found')).toBeVisible();
    expect(screen.getByRole('link', { name: msg.web.routeError.home })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('answers an unknown page inside an area with 404 too', async () => {
    signInAs('user');
    renderApp('/user/pagina-che-non-esiste');

    await expectScreen('Unexpected Application Error');
    expect(screen.getByText('404 Not Found')).toBeVisible();
  });
});
