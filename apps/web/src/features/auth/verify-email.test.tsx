import { it as msg } from '@lexpath/shared/messages/it';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import {
  apiError,
  pointPageAt,
  startTestApi,
  type TestApi,
  type TestReply,
} from '../../test/test-api-server.ts';

let api: TestApi | undefined;

afterEach(async () => {
  await api?.close();
});

/** An API whose verify-email answers once per token, as the single-use token does. */
async function startVerifyApi(firstAnswer: TestReply) {
  const used = new Set<string>();
  api = await startTestApi({
    ...appConfigRoute,
    'POST /api/auth/verify-email': (request) => {
      const token = new URL(request.url ?? '', 'http://api').searchParams.get('token') ?? '';
      if (used.has(token)) return apiError(409, msg.account.verifyEmailUsed);
      used.add(token);
      return { ...firstAnswer, delayMs: 50 };
    },
  });
  pointPageAt(api.origin);
  return api;
}

describe('verify e-mail', () => {
  it('confirms the PEC with one call even under StrictMode and explains what follows', async () => {
    const server = await startVerifyApi({ body: { data: null } });
    const user = userEvent.setup();
    const { router } = renderApp('/verify-email?token=abc', { strict: true });

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Grazie per aver confermato la tua identità!',
      }),
    ).toBeVisible();
    expect(screen.getByText(/iscrizione all'albo/)).toHaveTextContent(/pochi minuti/);
    expect(screen.getByText(/qualche ora/)).toBeVisible();
    expect(screen.getByText(/messaggio PEC con il link/)).toBeVisible();
    expect(server.hits('POST /api/auth/verify-email')).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Vai al login' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: msg.web.login.title }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows the failure title with the server's reason", async () => {
    const server = await startVerifyApi(apiError(422, msg.account.verifyEmailExpired));
    renderApp('/verify-email?token=vecchio', { strict: true });

    expect(
      await screen.findByRole('heading', { level: 1, name: "Verifica dell'E-mail fallita" }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(msg.account.verifyEmailExpired);
    expect(server.hits('POST /api/auth/verify-email')).toBe(1);
  });

  it('fails without calling the server when the link has no token', async () => {
    const server = await startVerifyApi({ body: { data: null } });
    renderApp('/verify-email');

    expect(
      await screen.findByRole('heading', { level: 1, name: "Verifica dell'E-mail fallita" }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(msg.account.verifyEmailInvalid);
    expect(server.hits('POST /api/auth/verify-email')).toBe(0);
  });
});
