// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, startTestApi, type TestApi } from '../test/test-api-server.ts';
import { type ApiClient, ApiError, createApiClient } from './api-client.ts';
import { useSessionStore } from './storage.ts';

const user = {
  id: 'u1',
  name: 'Giulia',
  surname: 'Bianchi',
  status: 'confermato',
  role: 'user',
  newsletter: false,
  lexmind: false,
} as const;

/** An API whose only valid access token is the one the single refresh hands out. */
function startTokenApi(): Promise<TestApi> {
  const protectedRoute = (
    request: { headers: Record<string, string | string[] | undefined> },
    delayMs = 0,
  ) =>
    request.headers.authorization === 'Bearer access-1'
      ? { body: { data: { ok: true } }, delayMs }
      : { ...apiError(401, 'Sessione scaduta o non valida: accedi di nuovo.'), delayMs };

  return startTestApi({
    'GET /api/user/u1': (request) => protectedRoute(request),
    'GET /api/contract': (request) => protectedRoute(request),
    'GET /api/category': (request) => protectedRoute(request),
    // Answers its 401 only after the refresh above has finished.
    'GET /api/template': (request) => protectedRoute(request, 150),
    'POST /api/auth/refresh-tokens': (request) =>
      request.headers.refresh === 'refresh-0'
        ? {
            delayMs: 50,
            headers: { authorization: 'Bearer access-1', refresh: 'refresh-1' },
          }
        : apiError(401, 'Sessione scaduta: accedi di nuovo.'),
    'POST /api/auth/login': () => apiError(401, 'Credenziali Email o Password non valide'),
  });
}

let server: TestApi;
let client: ApiClient;

beforeEach(async () => {
  server = await startTokenApi();
  client = createApiClient({ baseUrl: `${server.origin}/api` });
});

afterEach(async () => {
  await server.close();
});

function storeSession(refreshToken: string) {
  useSessionStore.getState().signIn({ token: 'access-0', refreshToken }, user);
}

describe('an expired access token', () => {
  it('is refreshed once for three concurrent requests, which all succeed', async () => {
    storeSession('refresh-0');

    const results = await Promise.all([
      client.get('/user/u1'),
      client.get('/contract'),
      client.get('/category'),
    ]);

    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(server.hits('POST /api/auth/refresh-tokens')).toBe(1);
    expect(useSessionStore.getState()).toMatchObject({
      token: 'access-1',
      refreshToken: 'refresh-1',
    });
  });

  it('is not refreshed again for a 401 that arrives after the refresh finished', async () => {
    storeSession('refresh-0');

    const results = await Promise.all([client.get('/user/u1'), client.get('/template')]);

    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(server.hits('POST /api/auth/refresh-tokens')).toBe(1);
  });

  it('ends the session when the refresh is refused, and the request fails', async () => {
    storeSession('revoked-refresh');

    const failure = client.get('/user/u1');

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401 });
    expect(useSessionStore.getState()).toMatchObject({
      token: null,
      refreshToken: null,
      user: null,
    });
  });

  it('fails without a refresh when no refresh token is stored', async () => {
    useSessionStore.setState({ token: 'access-0', refreshToken: null });

    await expect(client.get('/user/u1')).rejects.toMatchObject({ status: 401 });
    expect(server.hits('POST /api/auth/refresh-tokens')).toBe(0);
  });
});

describe('calls made without a session', () => {
  it('never trigger a refresh, even with a refresh token stored', async () => {
    storeSession('refresh-0');

    const failure = client.post('/auth/login', { pec: 'a@pec.it', password: 'x' }, { auth: false });

    await expect(failure).rejects.toMatchObject({
      status: 401,
      messages: ['Credenziali Email o Password non valide'],
    });
    expect(server.hits('POST /api/auth/refresh-tokens')).toBe(0);
    expect(useSessionStore.getState().refreshToken).toBe('refresh-0');
  });
});

describe('errors', () => {
  it("carry the API's Italian messages, one or many", async () => {
    const api = await startTestApi({
      'PUT /api/template/t1': () =>
        apiError(422, ['Variabile sconosciuta: foro', 'Tag non chiuso']),
    });
    const local = createApiClient({ baseUrl: `${api.origin}/api` });
    try {
      await expect(local.put('/template/t1', {})).rejects.toMatchObject({
        status: 422,
        messages: ['Variabile sconosciuta: foro', 'Tag non chiuso'],
      });
    } finally {
      await api.close();
    }
  });

  it('give the generic message when something other than the API answers', async () => {
    const proxy = await startTestApi({
      'GET /api/app-config': () => ({
        text: '<html>Pagina</html>',
        headers: { 'content-type': 'text/html' },
      }),
    });
    const local = createApiClient({ baseUrl: `${proxy.origin}/api` });
    try {
      await expect(local.get('/app-config')).rejects.toMatchObject({
        messages: ['Si è verificato un errore imprevisto. Riprova tra qualche istante.'],
      });
    } finally {
      await proxy.close();
    }
  });

  it('say the server cannot be reached when nothing answers', async () => {
    const closed = await startTestApi({});
    await closed.close();
    const local = createApiClient({ baseUrl: `${closed.origin}/api` });

    await expect(local.get('/app-config')).rejects.toMatchObject({
      status: 0,
      messages: ['Impossibile contattare il server. Controlla la connessione e riprova.'],
    });
  });
});
