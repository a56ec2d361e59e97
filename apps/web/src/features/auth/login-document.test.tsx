import { it as msg } from '@lexpath/shared/messages/it';
import type { TSessionUser } from '@lexpath/shared/schemas/auth';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TITLE, renderDocument } from '../../login-prerender.tsx';
import { apiError, pointPageAt, startTestApi, type TestApi } from '../../test/test-api-server.ts';
import { LoginDocument } from './components/login-document.tsx';

// The stand-alone /login page (issue 13): the HTML written at build time, then hydrated.

let api: TestApi;
let root: Root | undefined;
let container: HTMLElement | undefined;

beforeAll(async () => {
  api = await startTestApi({
    'POST /api/auth/login': (_request, body) => {
      const { pec } = body as { pec: string };
      if (pec !== 'avvocato@pec.it') return apiError(401, msg.auth.invalidCredentials);
      return {
        headers: { authorization: 'Bearer access-user', refresh: 'refresh-user' },
        body: {
          data: {
            id: 'user-1',
            name: 'Giulia',
            surname: 'Rossi',
            status: 'confermato',
            role: 'user',
            newsletter: false,
          },
        },
      };
    },
  });
  pointPageAt(api.origin);
});

afterAll(async () => {
  await api.close();
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
});

/** The page as the browser receives it, hydrated as login-main.tsx does. */
async function hydratePrerenderedPage(onSignedIn: (user: TSessionUser) => void) {
  const recoverableErrors: unknown[] = [];
  container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderDocument();
  document.body.append(container);
  const page = container;
  await act(async () => {
    root = hydrateRoot(
      page,
      <StrictMode>
        <LoginDocument onSignedIn={onSignedIn} />
      </StrictMode>,
      { onRecoverableError: (error) => recoverableErrors.push(error) },
    );
  });
  return { recoverableErrors };
}

describe('the stand-alone login page', () => {
  it('holds the whole form in its HTML, before any script runs', () => {
    const page = document.createElement('div');
    page.innerHTML = renderDocument();

    expect(page.querySelector('h1')?.textContent).toBe(msg.web.login.title);
    expect(page.querySelector('input[type="email"][autocomplete="username"]')).not.toBeNull();
    expect(page.querySelector('input[type="password"]')).not.toBeNull();
    expect(page.querySelector('label')?.textContent).toBe('PEC');
    expect(page.querySelector('a[href="/recupero-password"]')?.textContent).toBe(
      'Password dimenticata?',
    );
    expect(page.querySelector('a[href="/registrazione"]')?.textContent).toBe(
      msg.web.login.register,
    );
    expect(page.querySelector('a[href="#contenuto-principale"]')).not.toBeNull();
    expect(page.querySelector('main#contenuto-principale')).not.toBeNull();
    expect(DOCUMENT_TITLE).toBe('Accedi a LexPath | LexPath');
  });

  it('takes over the prerendered HTML without re-rendering it', async () => {
    const { recoverableErrors } = await hydratePrerenderedPage(() => undefined);

    expect(recoverableErrors).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: msg.web.login.title })).toBeVisible();
  });

  it('validates on blur and shows a refused login under the form', async () => {
    const user = userEvent.setup();
    await hydratePrerenderedPage(() => undefined);

    await user.type(screen.getByLabelText('PEC'), 'mario.rossi');
    await user.tab();
    expect(await screen.findByText('Indirizzo PEC non valido.')).toBeVisible();
    expect(screen.getByLabelText('PEC')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('PEC')).toHaveAccessibleDescription('Indirizzo PEC non valido.');

    await user.clear(screen.getByLabelText('PEC'));
    await user.type(screen.getByLabelText('PEC'), 'sconosciuto@pec.it');
    await user.type(screen.getByLabelText('Password'), 'Segreta1!');
    await user.click(screen.getByRole('button', { name: msg.web.login.submit }));

    expect(await screen.findByRole('alert')).toHaveTextContent(msg.auth.invalidCredentials);
    expect(screen.getByLabelText('PEC')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('button', { name: msg.web.login.submit })).toBeEnabled();
    expect(localStorage.getItem('userToken')).toBeNull();
  });

  it('keeps the session and hands the signed-in user to the page', async () => {
    const user = userEvent.setup();
    const signedIn: TSessionUser[] = [];
    await hydratePrerenderedPage((who) => signedIn.push(who));

    await user.type(screen.getByLabelText('PEC'), 'Avvocato@PEC.it');
    await user.type(screen.getByLabelText('Password'), 'Segreta1!');
    await user.keyboard('{Enter}');

    await expect.poll(() => signedIn.map((who) => who.role)).toEqual(['user']);
    expect(localStorage.getItem('userToken')).toBe('access-user');
    expect(localStorage.getItem('userRefreshToken')).toBe('refresh-user');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ name: 'Giulia' });
  });
});
