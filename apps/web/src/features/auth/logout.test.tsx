import { it as msg } from '@lexpath/shared/messages/it';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useTemplateDraftStore } from '../../lib/storage.ts';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import { apiError, pointPageAt, startTestApi, type TestApi } from '../../test/test-api-server.ts';

let api: TestApi | undefined;

afterEach(async () => {
  await api?.close();
});

/** An API that remembers which refresh tokens it revoked. */
async function startAuthApi(logoutAnswer: 'ok' | 'broken') {
  const revoked: string[] = [];
  api = await startTestApi({
    ...appConfigRoute,
    'POST /api/auth/logout': (request) => {
      if (logoutAnswer === 'broken') return apiError(500, msg.errors.internal);
      revoked.push(String(request.headers.refresh));
      return { status: 204 };
    },
  });
  pointPageAt(api.origin);
  return revoked;
}

describe('logout', () => {
  it('revokes the refresh token, forgets the session and opens the login form', async () => {
    const revoked = await startAuthApi('ok');
    signInAs('user', { token: 'access-7', refreshToken: 'refresh-7' });
    useTemplateDraftStore.getState().set({ name: 'Bozza' });
    sessionStorage.setItem('newContract', '{"state":{}}');
    const { router } = renderApp('/logout');

    expect(await screen.findByText('Logout in corso...')).toBeVisible();
    expect(
      await screen.findByRole('heading', { level: 1, name: msg.web.login.title }),
    ).toBeVisible();

    expect(router.state.location.pathname).toBe('/login');
    expect(revoked).toEqual(['refresh-7']);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(screen.queryByRole('link', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('still signs out when the server cannot revoke the token', async () => {
    await startAuthApi('broken');
    signInAs('admin');
    renderApp('/logout');

    expect(
      await screen.findByRole('heading', { level: 1, name: msg.web.login.title }),
    ).toBeVisible();
    expect(localStorage.getItem('userToken')).toBeNull();
    expect(localStorage.getItem('userRefreshToken')).toBeNull();
  });
});
